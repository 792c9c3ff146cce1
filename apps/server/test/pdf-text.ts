import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit (pdfmake) writes it, without a PDF library or poppler: objects are plain
 * (no object streams), content streams and ToUnicode CMaps are Flate-compressed, text is shown with
 * hex glyph ids of Identity-H fonts. One string per page; the spans of one baseline are joined by a
 * space, baselines by a newline; no-break spaces become spaces.
 */
export function pdfPages(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s([\s\S]*?)endobj/g)) {
    objects.set(Number(match[1]), match[2] ?? '');
  }
  const body = (id: number) => objects.get(id) ?? '';
  const reference = (text: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(text)?.[1] ?? 0);
  const stream = (id: number): string => {
    const text = body(id);
    const start = text.indexOf('stream') + 'stream'.length;
    const data = Buffer.from(text.slice(text[start] === '\r' ? start + 2 : start + 1, text.lastIndexOf('endstream')), 'latin1');
    return (text.includes('/FlateDecode') ? inflateSync(data) : data).toString('latin1');
  };
  const cmaps = new Map<number, Map<number, string>>();
  const cmapOf = (fontId: number): Map<number, string> => {
    const cached = cmaps.get(fontId);
    if (cached) {
      return cached;
    }
    const cmap = parseCmap(stream(reference(body(fontId), 'ToUnicode')));
    cmaps.set(fontId, cmap);
    return cmap;
  };
  const pagesRoot = [...objects.values()].find((text) => /\/Type \/Pages\b/.test(text)) ?? '';
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesRoot)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));
  return kids.map((pageId) => {
    const page = body(pageId);
    const resources = body(reference(page, 'Resources'));
    const fonts = new Map(
      [...(/\/Font <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map((match) => [
        match[1] ?? '',
        Number(match[2]),
      ]),
    );
    return pageText(stream(reference(page, 'Contents')), (name) => cmapOf(fonts.get(name) ?? 0));
  });
}

/** The whole text, pages separated by a form feed. */
export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf).join('\f');
}

function hexToText(spaced: string): string {
  const hex = spaced.replace(/\s/g, '');
  let text = '';
  for (let index = 0; index + 4 <= hex.length; index += 4) {
    text += String.fromCharCode(Number.parseInt(hex.slice(index, index + 4), 16));
  }
  return text;
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(Number.parseInt(entry[1] ?? '', 16), hexToText(entry[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const low = Number.parseInt(entry[1] ?? '', 16);
      const high = Number.parseInt(entry[2] ?? '', 16);
      const target = entry[3] ?? '';
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((item, offset) => {
          map.set(low + offset, hexToText(item[1] ?? ''));
        });
      } else {
        const first = Number.parseInt(target.slice(1, -1), 16);
        for (let code = low; code <= high; code += 1) {
          map.set(code, String.fromCharCode(first + code - low));
        }
      }
    }
  }
  return map;
}

function pageText(content: string, cmapOf: (font: string) => Map<number, string>): string {
  const lines: string[] = [];
  let cmap = new Map<number, string>();
  let baseline: string | null = null;
  const operators = /([-\d.]+) ([-\d.]+) Tm|\/(\w+) [-\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-fA-F]*)> Tj/g;
  for (const match of content.matchAll(operators)) {
    if (match[2] !== undefined) {
      if (match[2] !== baseline) {
        lines.push('');
      }
      baseline = match[2];
    } else if (match[3] !== undefined) {
      cmap = cmapOf(match[3]);
    } else {
      const hex =
        [...(match[4] ?? match[5] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((item) => item[1]).join('') || match[5] || '';
      let text = '';
      for (let index = 0; index + 4 <= hex.length; index += 4) {
        text += cmap.get(Number.parseInt(hex.slice(index, index + 4), 16)) ?? '\ufffd';
      }
      if (lines.length === 0) {
        lines.push('');
      }
      // pdfmake writes one span per word (trailing space included) or hyphen-broken part; a span that
      // follows one not ending so is another cell or block on the same baseline
      const last = lines.length - 1;
      const previous = lines[last] ?? '';
      lines[last] = previous === '' || /[\s\u00a0-]$/.test(previous) ? `${previous}${text}` : `${previous} ${text}`;
    }
  }
  return lines
    .map((line) =>
      line
        .replace(/\u00a0/g, ' ')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}
