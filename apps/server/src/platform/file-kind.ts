/** The kinds of file users may upload, recognised by their content, not by their name. */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'office' | 'csv' | 'text';

const EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  office: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'zip'],
  csv: ['csv'],
  text: ['txt'],
};

function startsWith(content: Buffer, bytes: number[]): boolean {
  return bytes.every((byte, index) => content[index] === byte);
}

/** Text (UTF-8 or a Windows code page, as French Excel writes CSV): no NUL byte, almost no control character. */
function looksLikeText(content: Buffer): boolean {
  const sample = content.subarray(0, 4096);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) {
      return false;
    }
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) {
      controls += 1;
    }
  }
  return controls <= sample.length / 100;
}

export function detectFileKind(content: Buffer): FileKind | null {
  if (startsWith(content, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    return 'pdf';
  }
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47])) {
    return 'png';
  }
  if (startsWith(content, [0xff, 0xd8, 0xff])) {
    return 'jpeg';
  }
  if (startsWith(content, [0x47, 0x49, 0x46, 0x38])) {
    return 'gif';
  }
  if (startsWith(content, [0x50, 0x4b, 0x03, 0x04])) {
    return 'office';
  }
  if (content.length > 0 && looksLikeText(content)) {
    return 'text';
  }
  return null;
}

/** Whether the content matches the extension of the name (a .csv must be text, a .pdf a PDF, ...). */
export function contentMatchesName(content: Buffer, fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const kind = detectFileKind(content);
  if (kind === null) {
    return false;
  }
  if (kind === 'text') {
    return EXTENSIONS.text.includes(extension) || EXTENSIONS.csv.includes(extension);
  }
  return EXTENSIONS[kind].includes(extension);
}

/** A file name safe to store and to send back: no path, no control characters, bounded length. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .split('')
    .filter((character) => character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  // at most 150 characters, keeping a short extension (a "name.<300 characters>" is cut like any name)
  const extension = cleaned.lastIndexOf('.') > 0 ? cleaned.slice(cleaned.lastIndexOf('.')) : '';
  const limited =
    cleaned.length <= 150
      ? cleaned
      : extension.length <= 10
        ? `${cleaned.slice(0, 150 - extension.length)}${extension}`
        : cleaned.slice(0, 150);
  return limited || 'document';
}
