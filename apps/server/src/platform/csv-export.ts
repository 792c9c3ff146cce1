import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { ListQuery, Locale } from '@isf/contract';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client.js';
import { buildOrderBy, buildWhere, type ColumnKind, type ListDefinition } from './list-engine.js';
import type { Principal } from './principal.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** What French Excel opens: a UTF-8 BOM, `;` between cells, CRLF after each row. */
const EXCEL_CSV = { bom: true, delimiter: ';', record_delimiter: '\r\n' };

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

const NUMERIC_KINDS: ReadonlySet<ColumnKind> = new Set(['id', 'number', 'money']);

/**
 * One CSV cell in SQL: numbers in the locale's format (`formatCsvNumber`), text cells that a
 * spreadsheet would run as a formula prefixed with a quote (`sanitizeCsvValue`), and an empty text as
 * NULL (COPY writes NULL as nothing and an empty string as `""`, csv-stringify wrote nothing).
 */
function cell(reference: SQL, kind: ColumnKind, locale: Locale): SQL {
  const text = sql`${reference}::text`;
  if (NUMERIC_KINDS.has(kind)) {
    return locale === 'fr' ? sql`replace(${text}, '.', ',')` : text;
  }
  return sql`NULLIF(CASE WHEN left(${text}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${text} ELSE ${text} END, '')`;
}

/**
 * Drizzle's dialect, writing each parameter as a marker of private-use characters: the SQL text around
 * them is the code's own (templates, identifiers), which holds none; the values are never in the text.
 */
class MarkedParametersDialect extends PgDialect {
  override escapeParam(num: number): string {
    return `\uE000${num}\uE001`;
  }
}

/**
 * A statement with its parameters written as literals: COPY takes none. Each value becomes a quoted
 * literal of unknown type, as node-postgres sends parameters (text, type left to the server), quoted
 * by pg's `escapeLiteral` (quotes doubled, backslashes in an E'' string).
 */
export function inlineParameters(statement: SQL): string {
  const { sql: text, params } = new MarkedParametersDialect().sqlToQuery(statement);
  return text.replace(/\uE000(\d+)\uE001/g, (_marker, index: string) => {
    const value = params[Number(index)];
    if (value === null || value === undefined) {
      return 'NULL';
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
      return pg.escapeLiteral(String(value));
    }
    throw new Error(`csv export: unsupported parameter ${typeof value}`);
  });
}

/**
 * The file from COPY's CSV: the BOM and header line first, then the rows with the LF that ends each
 * one turned into CRLF (a line break inside a quoted cell stays). Nothing is written before the copy's
 * first bytes or its end, so a query that fails at once still answers an error, not a broken file.
 */
function csvFile(header: Buffer): Transform {
  let quoted = false;
  let started = false;
  const crlf = Buffer.from('\r\n');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = started ? [] : [header];
      started = true;
      let start = 0;
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index];
        if (byte === 0x22) {
          quoted = !quoted;
        } else if (byte === 0x0a && !quoted) {
          parts.push(chunk.subarray(start, index), crlf);
          start = index + 1;
        }
      }
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, started ? null : header);
    },
  });
}

/** The header labels and the SELECT (parameters written as literals) that COPY runs for a list export. */
export type CsvSelect = { labels: string[]; select: string };

/**
 * The export's query: an inner query reads the raw values of the CSV columns and of the sort (each
 * expression once: the order list's names are subqueries), behind `OFFSET 0` so PostgreSQL does not
 * fold it into the outer one; the outer query turns them into cells and sorts on the raw values, as the
 * list's pages do. No LIMIT nor OFFSET: one pass over the rows.
 */
export function csvSelect(
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  selectedIds: number[],
  locale: Locale,
): CsvSelect {
  const where = buildWhere(definition, query, principal, { selectedIds, reading: 'every' });
  const shown = Object.entries(definition.columns).filter(([, column]) => !column.hiddenInCsv);
  const aliases = new Map(shown.map(([name], index) => [name, `c${index}`]));
  const inner = shown.map(([name, column]) => sql`${column.sql} AS ${sql.identifier(aliases.get(name) ?? name)}`);
  const orderBy = buildOrderBy(definition, query.sort, (name, column) => {
    let alias = aliases.get(name);
    if (!alias) {
      alias = `k${aliases.size}`;
      aliases.set(name, alias);
      inner.push(sql`${column.sql} AS ${sql.identifier(alias)}`);
    }
    return sql`s.${sql.identifier(alias)}`;
  });
  const rows = sql`SELECT ${sql.join(inner, sql`, `)} FROM ${definition.from} WHERE ${where} OFFSET 0`;
  return {
    labels: shown.map(([, column]) => column.label),
    select: inlineParameters(
      sql`SELECT ${sql.join(
        shown.map(([name, column]) => {
          const alias = aliases.get(name) ?? name;
          return cell(sql`s.${sql.identifier(alias)}`, column.kind, locale);
        }),
        sql`, `,
      )} FROM (${rows}) s ORDER BY ${orderBy}`,
    ),
  };
}

/**
 * Streams the CSV of a list query (all rows, or only the selected ids): `;` separator, UTF-8 BOM,
 * CRLF, French headers, formula-safe cells, numbers in the build locale's format. PostgreSQL writes
 * the rows itself (`COPY (…) TO STDOUT`), streamed to the reply with backpressure on a connection of
 * the pool that is released when the copy ends and closed when it fails or the client goes away. The
 * embedded PGlite runs the same COPY into a blob (one connection, small databases), so both write the
 * same bytes. A refused query (400) or a failing one (500) answers before the file starts.
 */
export async function sendCsv(
  reply: FastifyReply,
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  selectedIds: number[],
  fileName: string,
): Promise<FastifyReply> {
  const locale: Locale = reply.server.locale ?? 'fr';
  const { labels, select } = csvSelect(definition, query, principal, selectedIds, locale);
  const header = Buffer.from(stringify([labels], EXCEL_CSV));
  const output = new PassThrough();
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const { blob } = await client.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv, DELIMITER ';')`);
    const source = blob ? Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream) : Readable.from([]);
    pipeline(source, csvFile(header), output, () => {});
  } else if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let rows: Readable;
    try {
      rows = connection.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv, DELIMITER ';')`));
    } catch (error) {
      connection.release(error instanceof Error ? error : true);
      throw error;
    }
    pipeline(rows, csvFile(header), output, (error) => {
      // a copy cut short leaves the connection mid-protocol: closed, not given back to the pool
      connection.release(error ?? undefined);
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        reply.log.error({ err: error }, 'csv export failed');
      }
    });
  } else {
    throw new Error('csv export: unknown database client');
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}.csv"`)
    .send(output);
}

/**
 * A small CSV sent whole, its header row first, for French Excel (see `EXCEL_CSV`); the cells come
 * formatted and sanitised. The file name keeps letters, digits, `_` and `-` (any other character becomes `_`).
 */
export function sendCsvFile(reply: FastifyReply, fileName: string, header: readonly string[], rows: string[][]): FastifyReply {
  const body = stringify([[...header], ...rows], EXCEL_CSV);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w-]/g, '_')}.csv"`)
    .send(body);
}
