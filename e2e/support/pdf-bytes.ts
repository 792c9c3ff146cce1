import { inflateSync } from 'node:zlib';

/**
 * What a PDF says about itself, read from its bytes with no PDF library: the text of every stream, inflated
 * when it is Flate-compressed (object streams, XMP metadata, embedded files), and the raw text around them.
 * Enough to tell a PDF/A-3 carrying Factur-X XML from a plain PDF.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts = [raw];
  // the keyword opening a stream's data, not the `endstream` closing one
  const streamStart = /(?<!end)stream\r?\n/g;
  for (let match = streamStart.exec(raw); match !== null; match = streamStart.exec(raw)) {
    const begin = match.index + match[0].length;
    const end = raw.indexOf('endstream', begin);
    if (end < 0) {
      break;
    }
    const bytes = pdf.subarray(begin, end);
    try {
      texts.push(inflateSync(bytes).toString('utf8'));
    } catch {
      texts.push(bytes.toString('utf8'));
    }
    streamStart.lastIndex = end + 'endstream'.length;
  }
  return texts;
}

/** The PDF/A identification of the XMP metadata ("3B"), or null. */
export function pdfaConformance(texts: readonly string[]): string | null {
  for (const text of texts) {
    const part = /<pdfaid:part>(\d)<\/pdfaid:part>|pdfaid:part="(\d)"/.exec(text);
    const conformance = /<pdfaid:conformance>([A-Z])<\/pdfaid:conformance>|pdfaid:conformance="([A-Z])"/.exec(text);
    if (part && conformance) {
      return `${part[1] ?? part[2]}${conformance[1] ?? conformance[2]}`;
    }
  }
  return null;
}

/** The Factur-X (CII) XML embedded in the PDF, or null. */
export function facturxXml(texts: readonly string[]): string | null {
  return texts.find((text) => text.includes('<rsm:CrossIndustryInvoice')) ?? null;
}

/** The text content of the first element of this (prefixed) name in the XML, or null. */
export function xmlValue(xml: string, element: string): string | null {
  return new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`).exec(xml)?.[1] ?? null;
}
