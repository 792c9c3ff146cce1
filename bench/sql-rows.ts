import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import type { SQL } from 'drizzle-orm';

export type Row = Record<string, unknown>;

/** The rows of one statement, on PGlite or PostgreSQL alike. */
export async function rows(handle: DatabaseHandle, query: SQL): Promise<Row[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
