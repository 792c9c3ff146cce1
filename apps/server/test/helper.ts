import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject as injectProvided } from 'vitest';
import { buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { createRole, createUser, type RoleSeed, type UserSeed } from '../src/seed/access-seed.js';
import { seedDemoData } from '../src/seed/demo.js';

export const TEST_JWT_SECRET = 'isf-test-secret-not-for-production';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  /** The URL of this file's own PostgreSQL database (for another process on it), undefined on PGlite. */
  databaseUrl: string | undefined;
  /**
   * Another app on the same database with other settings (e.g. a low login rate limit), `prepare` running
   * before it is ready (to add a route); closed with this one.
   */
  variant(overrides: Partial<AppConfig>, prepare?: (app: FastifyInstance) => void): Promise<FastifyInstance>;
  close(): Promise<void>;
};

type ProvisionedDatabase = { handle: DatabaseHandle; url?: string; dispose(): Promise<void> };

/** Why no PostgreSQL server answers at the URL (within 3 s), undefined when one does. */
export async function postgresRefusal(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function runAdminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to 5 s) until no session is left on a database: the pool's end() resolves before its
 * connections have closed, and a forced drop would then kill them with an unhandled FATAL 57P01.
 */
export async function waitForDisconnection(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const result = await client.query('SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1', [database]);
      if (result.rows[0]?.sessions === 0) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** Restores the template built once by test/global-setup.ts into a fresh in-memory PGlite. */
async function provisionPglite(): Promise<ProvisionedDatabase> {
  const template = injectProvided('pgliteTemplate');
  if (!template) {
    throw new Error('The PGlite template is missing: run the tests through vitest.config.ts (globalSetup).');
  }
  const tarball = await readFile(template);
  const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([new Uint8Array(tarball)]) });
  return { handle, dispose: () => handle.close() };
}

/** A database of its own on the PostgreSQL server of DATABASE_URL, migrated, seeded, dropped afterwards. */
async function provisionPostgres(serverUrl: string): Promise<ProvisionedDatabase> {
  const name = `${injectProvided('databasePrefix') || 'isf_test_'}${randomBytes(6).toString('hex')}`;
  await runAdminStatement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  const dispose = async () => {
    await handle.close();
    await waitForDisconnection(serverUrl, name);
    await runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { handle, url: url.toString(), dispose };
}

/**
 * The PostgreSQL server of the files that need one whatever the pass (worker processes: the embedded
 * database allows one process). Passed to `createTestApp`, never written to `process.env`: test files
 * share their worker's process (`isolate: false`), a variable set by one would move the next ones to
 * PostgreSQL during the embedded pass.
 */
export const SERVER_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** How long a further app of a test file (`variant`) may take to register its plugins and start its jobs. */
const VARIANT_PLUGIN_TIMEOUT_MS = 120_000;

/**
 * A fresh demo database and the app built on it, for one test file (fastify/demo's test/helper.ts):
 * PGlite restored from the run's template, or a new database when DATABASE_URL is set.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: { serverUrl?: string } = {}): Promise<TestApp> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  const database = serverUrl ? await provisionPostgres(serverUrl) : await provisionPglite();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'isf-test-data-'));
  const baseConfig: AppConfig = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: serverUrl,
    jwtSecret: TEST_JWT_SECRET,
    loginRateLimit: 10_000,
    webDistDir: undefined,
    logLevel: 'silent',
    // the scheduled statement generation starts only when a test ticks it (tickStatementSchedule)
    statementScheduleMinutes: 0,
  };
  const apps: FastifyInstance[] = [];
  async function build(
    configOverrides: Partial<AppConfig>,
    prepare?: (app: FastifyInstance) => void,
    pluginTimeout?: number,
  ): Promise<FastifyInstance> {
    const app = await buildApp({ config: { ...baseConfig, ...configOverrides }, database: database.handle, pluginTimeout });
    prepare?.(app);
    await app.ready();
    apps.push(app);
    return app;
  }
  const app = await build(overrides);
  return {
    app,
    db: database.handle.db,
    config: { ...baseConfig, ...overrides },
    databaseUrl: database.url,
    // a further app starts pg-boss on a database the first one already works on: on a loaded machine
    // that may take longer than Fastify's 10 s
    variant: (configOverrides, prepare) => build(configOverrides, prepare, VARIANT_PLUGIN_TIMEOUT_MS),
    async close() {
      for (const built of apps) {
        await built.close();
      }
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RequestOptions = {
  method: InjectOptions['method'];
  url: string;
  token?: string;
  payload?: InjectOptions['payload'];
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

/** One request through app.inject, as the bearer of `token` when given. */
export function inject(app: FastifyInstance, options: RequestOptions): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
  }
  return app.inject({
    method: options.method,
    url: options.url,
    query: options.query,
    payload: options.payload,
    headers,
  });
}

/** Logs in through the API and returns the bearer token (fails the test otherwise). */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await inject(app, { method: 'POST', url: '/api/login', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  const { token } = response.json<{ token: string }>();
  expect(token).toEqual(expect.any(String));
  return token;
}

let sequence = 0;

/** A value no other test of the run uses (names are unique in several tables). */
export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`;
}

/** A role with a unique name (defaults: no right, no option, visibility 1). */
export async function createTestRole(db: Database, seed: Partial<RoleSeed> = {}): Promise<number> {
  return createRole(db, { ...seed, name: seed.name ?? uniqueName('role') });
}

/** A user with a unique uid; no password unless given (tokens are then issued with `tokenFor`). */
export async function createTestUser(
  db: Database,
  seed: Partial<UserSeed> & { roleId: number },
): Promise<{ id: number; uid: string }> {
  const uid = seed.uid ?? uniqueName('user');
  const id = await createUser(db, { name: `Test ${uid}`, ...seed, uid });
  return { id, uid };
}

/** A signed token for a profile, as a login would issue it (skips the password hash). */
export function tokenFor(app: FastifyInstance, userId: number, ttlSeconds?: number): Promise<string> {
  return app.tokens.issue(userId, ttlSeconds);
}

/** A new user holding a new role, and its token: the usual way a test acts "as someone who may do X". */
export async function actingAs(testApp: TestApp, seed: Partial<RoleSeed> = {}, user: Partial<UserSeed> = {}) {
  const roleId = await createTestRole(testApp.db, seed);
  const created = await createTestUser(testApp.db, { ...user, roleId });
  return { roleId, userId: created.id, uid: created.uid, token: await tokenFor(testApp.app, created.id) };
}

/** The id of a seeded user by login. */
export async function userIdOf(db: Database, uid: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uid, uid)).limit(1);
  if (!row) {
    throw new Error(`no user ${uid}`);
  }
  return row.id;
}

/** Rows of a table (optionally under a condition): to prove that a refused request wrote nothing. */
export async function countRows(db: Database, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(where ?? sql`TRUE`);
  return Number(row?.count ?? 0);
}
