/**
 * CSV export of every order (about 1,000,000 rows) as the browser asks it (the captured form post of the
 * orders screen with All), against `psql \copy` of the same rows: the time until the last byte, and the
 * app's resident memory (VmRSS of the server process, sampled every 20 ms) above its idle value just
 * before. The psql statement is built with the list engine's own builders from the same form fields (the
 * list's CSV columns, its FROM, the filters' WHERE, the sort's ORDER BY), its parameters written inline.
 * Key `csv`; group `csv`.
 */
import { spawn } from 'node:child_process';
import { orderList } from '@isf/server/src/modules/orders/index.js';
import { buildOrderBy, buildSelect, buildWhere, parseListQuery } from '@isf/server/src/platform/list-engine.js';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type AppProcess, drain, residentBytes } from './app-process.js';
import type { CapturedRequest } from './capture-file.js';

export type CsvFigures = {
  rows: number;
  bytes: number;
  appSeconds: number;
  psqlSeconds: number;
  idleBytes: number;
  peakBytes: number;
  status: number;
};

/** The captured CSV download (orders, All). */
export function csvRequest(requests: CapturedRequest[]): CapturedRequest | undefined {
  return requests.find((request) => request.method === 'POST' && request.path.endsWith('/csv') && request.form);
}

/** Runs the export through the app once, reading it to the end. */
export async function measureAppExport(
  app: AppProcess,
  token: string,
  request: CapturedRequest,
): Promise<Omit<CsvFigures, 'psqlSeconds'>> {
  await drain(app);
  global.gc?.();
  const idleBytes = residentBytes(app);
  let peakBytes = idleBytes;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, residentBytes(app));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  let status = 0;
  try {
    const response = await fetch(`${app.base}${request.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([...(request.form ?? []), ['token', token]]).toString(),
    });
    status = response.status;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      bytes += value.byteLength;
      for (const byte of value) {
        if (byte === 10) {
          rows += 1;
        }
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const appSeconds = (performance.now() - started) / 1000;
  peakBytes = Math.max(peakBytes, residentBytes(app));
  // the header line is no row
  return { rows: Math.max(0, rows - 1), bytes, appSeconds, idleBytes, peakBytes, status };
}

/** A literal for a parameter written inline (psql's \copy takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) {
    return 'NULL';
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  if (typeof value === 'boolean') {
    return value ? 'TRUE' : 'FALSE';
  }
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** The SELECT of the same rows and columns as the export, for psql. */
export function copyStatement(request: CapturedRequest): string {
  const fields = Object.fromEntries(request.form ?? []);
  const { ids: _ids, filter: _filter, ...wire } = fields;
  const query = parseListQuery({ ...wire, page: 0, size: 1 });
  const columns = Object.entries(orderList.columns)
    .filter(([, column]) => !column.hiddenInCsv)
    .map(([name]) => name);
  // admin, filter All: no scope and no work-item condition, as the route builds it for him
  const statement = sql`SELECT ${buildSelect(orderList, columns)} FROM ${orderList.from}
    WHERE ${buildWhere(orderList, query, null)} ORDER BY ${buildOrderBy(orderList, query.sort)}`;
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_match, index: string) => literal(params[Number(index) - 1])).replace(/\s+/g, ' ');
}

/** `psql \copy (…) TO '/dev/null' CSV HEADER` on the benchmark database: seconds. */
export async function measurePsqlCopy(databaseUrl: string, request: CapturedRequest): Promise<number> {
  const command = `\\copy (${copyStatement(request)}) TO '/dev/null' WITH (FORMAT csv, HEADER, DELIMITER ';')`;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', databaseUrl, '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += String(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited with ${code}: ${errors.slice(0, 500)}`))));
  });
  return (performance.now() - started) / 1000;
}
