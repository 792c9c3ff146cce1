import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** The rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<Row = Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
