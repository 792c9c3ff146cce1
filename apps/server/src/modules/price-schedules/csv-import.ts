import { CSV_ONLY_MESSAGE, formatCount, formatMessage, NO_IMPORT_FILE_MESSAGE } from '@isf/contract';
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import { detectFileKind } from '../../platform/file-kind.js';
import { readMultipart } from '../../platform/multipart.js';
import { normalizeName } from './category-merge.js';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
const MAX_REPORTED_ERRORS = 20;

/** A refused import: a 400 whose detail names the lines, and the list of line errors for the screen. */
export function importRefused(errors: string[]): HttpError {
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  const more = errors.length > shown.length ? ` (et ${errors.length - shown.length} autres erreurs)` : '';
  return new HttpError(400, {
    error: formatMessage('error.badInput'),
    detail: `Import refusé, rien n'a été enregistré. ${shown.join(' ')}${more}`,
    fields: { file: shown[0] ?? '' },
    errors: shown,
  });
}

/** The uploaded file of an import form: exactly one CSV file, recognised by its name and its content. */
export async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  const form = await readMultipart(request, { maxFileBytes: MAX_IMPORT_BYTES });
  if (!form.file) {
    throw importRefused([NO_IMPORT_FILE_MESSAGE]);
  }
  const isCsvName = form.file.fileName.toLowerCase().endsWith('.csv');
  if (!isCsvName || detectFileKind(form.file.content) !== 'text') {
    throw importRefused([CSV_ONLY_MESSAGE]);
  }
  return form.file.content;
}

/** Windows-1252 characters of bytes 0x80-0x9F (Latin-1 has control characters there). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * UTF-8 (with or without BOM) as the exports write it, or Windows-1252 as older French Excel saves
 * (decoded by hand: Node's TextDecoder treats windows-1252 as Latin-1 on some versions).
 */
export function decodeCsv(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return content
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80] ?? character);
  }
}

/** Undoes the formula guard of our exports (a quote before = + - @). */
function cellValue(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export type CsvLine = { line: number; cells: string[] };
export type ParsedCsv = { header: string[]; lines: CsvLine[] };

/**
 * Parses a `;` CSV: the header (normalised names) and the data lines with their line numbers in the
 * file. A malformed file is refused with the line where reading stopped.
 */
export function parseCsv(content: Buffer): ParsedCsv {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(decodeCsv(content), {
      delimiter: ';',
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw importRefused([
      `Fichier CSV illisible${line ? ` à la ligne ${line}` : ''} : vérifiez le séparateur point-virgule, les guillemets et le nombre de colonnes.`,
    ]);
  }
  const [first, ...rest] = records;
  if (!first) {
    throw importRefused(['Le fichier est vide.']);
  }
  if (rest.length > MAX_IMPORT_ROWS) {
    throw importRefused([`Le fichier dépasse ${formatCount(MAX_IMPORT_ROWS)} lignes.`]);
  }
  return {
    header: first.record.map(normalizeName),
    lines: rest.map(({ record, info }) => ({ line: info.lines, cells: record.map(cellValue) })),
  };
}

/** Refuses a header that is not exactly the expected columns (case, accents and spaces aside). */
export function assertHeader(header: string[], expected: readonly string[]): void {
  const wanted = expected.map(normalizeName);
  if (header.length !== wanted.length || header.some((name, index) => name !== wanted[index])) {
    throw importRefused([`En-tête de fichier inattendu : la première ligne doit être « ${expected.join(';')} ».`]);
  }
}
