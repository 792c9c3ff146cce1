import { describe, expect, it } from 'vitest';
import { contentMatchesName, detectFileKind, sanitizeFileName } from './file-kind.js';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const executable = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);

describe('file kind', () => {
  it('recognises files by content', () => {
    expect(detectFileKind(pdf)).toBe('pdf');
    expect(detectFileKind(png)).toBe('png');
    expect(detectFileKind(Buffer.from('nom;quantité\nCâble;3\n'))).toBe('text');
    expect(detectFileKind(executable)).toBeNull();
  });

  it('refuses a file whose content does not match its name', () => {
    expect(contentMatchesName(pdf, 'contrat.pdf')).toBe(true);
    expect(contentMatchesName(Buffer.from('hello'), 'contrat.pdf')).toBe(false);
    expect(contentMatchesName(executable, 'facture.pdf')).toBe(false);
    expect(contentMatchesName(Buffer.from('a;b\n'), 'import.csv')).toBe(true);
    expect(contentMatchesName(pdf, 'import.csv')).toBe(false);
  });

  it('sanitises names', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\Kbis 2025.pdf')).toBe('Kbis 2025.pdf');
    expect(sanitizeFileName('..hidden')).toBe('hidden');
    expect(sanitizeFileName('a\u0000b<>.pdf')).toBe('ab.pdf');
    expect(sanitizeFileName('')).toBe('document');
  });

  it('bounds a name to 150 characters, keeping a short extension', () => {
    expect(sanitizeFileName(`${'n'.repeat(300)}.pdf`)).toBe(`${'n'.repeat(146)}.pdf`);
    expect(sanitizeFileName(`devis.${'x'.repeat(300)}`)).toBe(`devis.${'x'.repeat(144)}`);
    expect(sanitizeFileName(`${'n'.repeat(150)}`)).toHaveLength(150);
  });
});
