import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/** The rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<Row = Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/** A statement's text and parameters as one string: the key of the caches that share the runs of one statement. */
export function statementKey(statement: SQL): string {
  return JSON.stringify(dialect.sqlToQuery(statement));
}

/** Ids as the items of a SQL `IN (…)`, one parameter each (the list must not be empty). */
export function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * Integers (or nulls) as one `int[]` parameter, `'{1,NULL,3}'::int[]`: a list of any length is one value to
 * bind and plan, where `VALUES` or `IN` take one parameter an item (200 rows of three: 4 ms to plan).
 */
export function intArray(values: readonly (number | null)[]): SQL {
  return sql`${`{${values.map((value) => (value === null ? 'NULL' : String(Math.trunc(value)))).join(',')}}`}::int[]`;
}

/**
 * The fields of a query builder's selection that sends a contract's row (`{ … } satisfies SelectionOf<Row>`):
 * one per field of the row, no other; the query's declared result (`Promise<Row[]>`) checks their types.
 */
export type SelectionOf<Row> = { [Key in keyof Row]-?: unknown };

/**
 * The distinct values of a key column on some rows of a table, e.g. the orders of some attachments
 * (`referencedIds(tx, 'attachments', 'order_id', attachmentIds)`); none for no rows.
 */
export async function referencedIds(db: Database, table: string, column: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT DISTINCT ${sql.identifier(column)} AS id FROM ${sql.identifier(table)} WHERE id IN (${idList(ids)})`,
  );
  return rows.map((row) => row.id);
}
