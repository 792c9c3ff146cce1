import { PassThrough } from 'node:stream';
import type { ListQuery } from '@isf/contract';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.js';
import { buildOrderBy, buildPageStatement, buildWhere, type ListDefinition, type Row } from './list-engine.js';
import type { Principal } from './principal.js';

const BATCH_SIZE = 2_000;
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises spreadsheet formulas in text cells (a leading quote), as OWASP recommends for CSV. */
export function sanitizeCsvValue(value: unknown, numeric: boolean): string {
  if (value === null || value === undefined) {
    return '';
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (!numeric && FORMULA_START.test(text)) {
    return `'${text}`;
  }
  return text;
}

/**
 * Streams the CSV of a list query (all pages, or only the selected ids): `;` separator, UTF-8 BOM,
 * CRLF, French headers, formula-safe cells. Reads in batches so a large export never sits in memory.
 */
export function sendCsv(
  reply: FastifyReply,
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  selectedIds: number[],
  fileName: string,
): FastifyReply {
  const where = buildWhere(definition, query, principal, selectedIds);
  const orderBy = buildOrderBy(definition, query.sort);
  const columns = Object.entries(definition.columns).filter(([, column]) => !column.hiddenInCsv);
  const names = columns.map(([name]) => name);
  const numericKinds = new Set(['id', 'number', 'money']);
  const stringifier = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    header: true,
    columns: columns.map(([name, column]) => ({ key: name, header: column.label })),
  });
  const output = new PassThrough();
  stringifier.pipe(output);
  (async () => {
    for (let offset = 0; ; offset += BATCH_SIZE) {
      const result = (await db.execute(
        buildPageStatement(definition, query, { where, orderBy, limit: BATCH_SIZE, offset, columns: names }),
      )) as unknown as { rows: Row[] };
      for (const row of result.rows) {
        const record: Record<string, string> = {};
        for (const [name, column] of columns) {
          record[name] = sanitizeCsvValue(row[name], numericKinds.has(column.kind));
        }
        if (!stringifier.write(record)) {
          await new Promise((resolve) => stringifier.once('drain', resolve));
        }
      }
      if (result.rows.length < BATCH_SIZE) {
        break;
      }
    }
    stringifier.end();
  })().catch((error: unknown) => {
    reply.log.error({ err: error }, 'csv export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}.csv"`)
    .send(output);
}
