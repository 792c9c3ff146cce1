/** What other modules may use of the price schedules: the CSV import tools every import shares. */
export { assertHeader, type CsvLine, importRefused, type ParsedCsv, parseCsv, readCsvUpload } from './csv-import.js';
