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
  /**
   * Opens every connection of the pool and readies each for a workflow move (`MOVE_TRIGGERS_WARM_UP`); the
   * connections opened after it (one the server lost) are readied as they open. Called by a server once its
   * database is migrated and before anything else uses the pool (it holds every connection at once: a caller
   * holding one while waiting for another would wait for ever); nothing to do on PGlite (one connection).
   */
  warmUp(): Promise<void>;
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
 * What a pooled connection runs before its first request: the statement triggers a workflow move fires
 * (the work item's node on `orders` or `attachments`, the token's on `workflow_tokens`, and through them the
 * node summaries, their roll-ups and the market quantities), fired on no row. Each trigger's PL/pgSQL is
 * compiled and its statements planned once per connection, on first use: without this the first move on
 * each connection paid it (docs/performance.md "The first move on a connection"). An `UPDATE … WHERE false`
 * changes no row and takes no row lock.
 */
export const MOVE_TRIGGERS_WARM_UP = [
  'UPDATE workflow_tokens SET node_id = node_id WHERE false',
  'UPDATE orders SET wf_node_id = wf_node_id WHERE false',
  'UPDATE attachments SET wf_node_id = wf_node_id WHERE false',
].join(';\n');

/** The only place a connection is built: embedded PGlite by default, a PostgreSQL server with a URL. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const size = options.poolSize ?? 10;
    let warm = false;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: size,
      options: SESSION_SETTINGS,
      // a fixed pool once warmed up: an idle connection is kept (it would be opened and readied again later)
      idleTimeoutMillis: 0,
      // idle connections do not keep a script alive that has done its work (the server's listener does)
      allowExitOnIdle: true,
      onConnect: async (client) => {
        if (warm) {
          await client.query(MOVE_TRIGGERS_WARM_UP);
        }
      },
    });
    // a connection lost while idle (the server restarted, an administrator ended it) leaves the pool, which
    // opens another when needed; the pool reports it as an error event, which would end the process unheard
    pool.on('error', (error) => console.error(`PostgreSQL: a pooled connection was lost while idle (${error.message})`));
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
      async warmUp() {
        // the connections the migrations and the seeding opened are readied here with the new ones; those
        // acquired go back to the pool even when another could not be opened
        const acquired = await Promise.allSettled(Array.from({ length: size }, () => pool.connect()));
        const clients = acquired.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
        try {
          const failed = acquired.find((outcome) => outcome.status === 'rejected');
          if (failed) {
            throw failed.reason;
          }
          await Promise.all(clients.map((client) => client.query(MOVE_TRIGGERS_WARM_UP)));
        } finally {
          for (const client of clients) {
            client.release();
          }
        }
        warm = true;
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
    warmUp: async () => {},
    close: async () => {
      await client.close();
      release();
    },
  };
}
