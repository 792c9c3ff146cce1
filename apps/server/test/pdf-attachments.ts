import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';

/**
 * The files embedded in a PDF (Factur-X's `factur-x.xml`), by name, read with a PDF library: the document
 * may use object streams, which the plain-text reader of pdf-text.ts does not follow.
 */
export async function embeddedFiles(pdf: Buffer): Promise<Map<string, Buffer>> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const files = new Map<string, Buffer>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Filespec')) {
      continue;
    }
    const name =
      object
        .get(PDFName.of('F'))
        ?.toString()
        .replace(/^\(|\)$/g, '') ?? '';
    const references = object.lookup(PDFName.of('EF'), PDFDict);
    const stream = references.lookup(PDFName.of('F'));
    if (stream instanceof PDFRawStream) {
      files.set(name, Buffer.from(decodePDFRawStream(stream).decode()));
    }
  }
  return files;
}

/** The PDF/A identification of the XMP metadata ("3B"), or null. */
export function pdfaConformance(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const part = /<pdfaid:part>(\d)<\/pdfaid:part>/.exec(text)?.[1];
  const conformance = /<pdfaid:conformance>([A-Z])<\/pdfaid:conformance>/.exec(text)?.[1];
  return part && conformance ? `${part}${conformance}` : null;
}
