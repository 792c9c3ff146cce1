import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema/index.js';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './sql-executor.js';
import { migrateAndAnalyze } from './statistics.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL on the same connection(s), for pg-boss (platform/jobs). */
  sql: SqlExecutor;
  /** Applies the pending migrations, then refreshes the planner statistics if any was applied. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own: the migrations and first seeding at start-up, which
   * several processes started together on one PostgreSQL database would otherwise run at the same time
   * (drizzle's migrator takes no lock). A PostgreSQL advisory lock; PGlite has one process anyway.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** The advisory lock key of the start-up work (any constant no other code of this database uses). */
const STARTUP_LOCK_KEY = '7358921460117';

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * PostgreSQL's page cache inside the embedded database (PGLITE_SHARED_BUFFERS): PGlite's 128MB is
       * touched as the database is read and never given back, the largest part of an idle server's memory.
       */
      sharedBuffers?: string;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** The extensions the migrations create: PGlite loads their code when it opens a database. */
export const pgliteExtensions = { pg_trgm };

/**
 * What every pooled connection sets when it opens (docs/operations.md "PostgreSQL settings"): the app's
 * statements are short, indexed and many at once, so no parallel workers (their start-up and overshoot cost
 * more than they save: the manager's attachments My tasks page read 21,776 buffers in parallel against 6,906)
 * and no JIT compilation.
 */
export const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c jit=off';

/**
 * How long an idle pooled connection stays open (pg's default: 10 s). A new connection compiles the triggers'
 * PL/pgSQL and plans their statements on first use (15–20 ms more on an order move, docs/operations.md).
 */
export const POOL_IDLE_MS = 10 * 60_000;

/** The only place a connection is built: embedded PGlite by default, a PostgreSQL server with a URL. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: SESSION_SETTINGS,
      idleTimeoutMillis: POOL_IDLE_MS,
      // idle connections do not keep a script alive that has done its work (the server's listener does)
      allowExitOnIdle: true,
    });
    // numeric stays a string (decimal), bigint counts become numbers
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      sql: poolExecutor(pool),
      migrate: () => migrateAndAnalyze(db, () => migratePg(drizzlePg(pool), { migrationsFolder })),
      async exclusively(work) {
        // a connection of its own holds the lock while `work` uses the rest of the pool
        const holder = await pool.connect();
        try {
          await holder.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await holder.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireDataDirLock(options.dataDir);
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // the trigram indexes of the list filters (migration 0023) need pg_trgm in every session
    extensions: pgliteExtensions,
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
    ...(options.sharedBuffers ? { postgresqlconf: [`shared_buffers = '${options.sharedBuffers}'`] } : {}),
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    sql: pgliteExecutor(client),
    migrate: () => migrateAndAnalyze(db, () => migratePglite(drizzlePglite(client), { migrationsFolder })),
    exclusively: (work) => work(),
    close: async () => {
      await client.close();
      release();
    },
  };
}
