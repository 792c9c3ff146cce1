import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/demo.js';

/** The planner's row estimate of each table: -1 while it was never analyzed (PGlite has no autovacuum). */
async function estimates(handle: DatabaseHandle, tables: string[]): Promise<Record<string, number>> {
  const result = await handle.db.execute(
    sql`SELECT relname AS name, reltuples::int AS rows FROM pg_class WHERE relkind = 'r' AND relname IN ${tables} ORDER BY relname`,
  );
  return Object.fromEntries(
    (result as unknown as { rows: { name: string; rows: number }[] }).rows.map((row) => [row.name, row.rows]),
  );
}

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
});

afterAll(async () => {
  await handle?.close();
});

describe('planner statistics (issue 14)', () => {
  it('analyzes the database after applying migrations and after seeding the demo', async () => {
    await handle.migrate();
    // analyzed while empty: known to be empty, not unknown
    expect(await estimates(handle, ['tasks', 'workflow_tokens'])).toEqual({ tasks: 0, workflow_tokens: 0 });
    expect(await seedDemoData(handle.db)).toBe(true);
    const seeded = await estimates(handle, ['orders', 'workflow_tokens']);
    expect(seeded.orders).toBeGreaterThan(0);
    expect(seeded.workflow_tokens).toBeGreaterThan(0);
  });
});
