import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** Rows from which a write refreshes the planner statistics of the table it wrote (an import). */
export const ANALYZE_AFTER_ROWS = 1_000;

/**
 * Refreshes the planner statistics (ANALYZE) of the given tables, or of the whole database. A table
 * never analyzed is planned as if nearly empty: with the workflow tables unanalyzed after the demo seed
 * the dashboard plans took 669 ms, 6 ms once analyzed (issue 14); autovacuum, which would catch up, is
 * off on some servers (docs/operations.md, PostgreSQL settings).
 */
export async function analyze(db: Database, tables: PgTable[] = []): Promise<void> {
  if (tables.length === 0) {
    await db.execute(sql`ANALYZE`);
    return;
  }
  await db.execute(
    sql`ANALYZE ${sql.join(
      tables.map((table) => sql.identifier(getTableName(table))),
      sql`, `,
    )}`,
  );
}

/** How many migrations drizzle has applied (0 on a database it never migrated). */
export async function appliedMigrations(db: Database): Promise<number> {
  const found = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const present = (found as unknown as { rows: { present: boolean }[] }).rows[0]?.present;
  if (!present) {
    return 0;
  }
  const counted = await db.execute(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
  return Number((counted as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}

/** Runs the migrations, then ANALYZE when any was applied: new tables and indexes get statistics at once. */
export async function migrateAndAnalyze(db: Database, migrate: () => Promise<void>): Promise<void> {
  const before = await appliedMigrations(db);
  await migrate();
  if ((await appliedMigrations(db)) !== before) {
    await analyze(db);
  }
}
