/**
 * Benchmark data set: the demo seed plus BENCH_ROWS generated projects (default 1,000,000) with French
 * names, codes and addresses, spread over the project types and ~150 generated project managers.
 *
 * - PGlite (default): a data directory `bench/out/pglite-<rows>`, generated once and reused.
 * - PostgreSQL (DATABASE_URL set): a dedicated database (BENCH_DATABASE, default `isf_bench`) on the
 *   same server, created when missing and regenerated when it holds another row count.
 *
 * Rows are made by set-based SQL (`INSERT … SELECT … FROM generate_series`) in chunks, each chunk in a
 * transaction with its progress mark, so an interrupted run resumes where it stopped. Then VACUUM ANALYZE
 * (index-only scans need the visibility map; PGlite has no autovacuum).
 *
 * Standalone: `npm run generate -w bench` (same environment variables as `npm run bench`).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type DatabaseHandle, type DatabaseOptions, migrationsFolder, openDatabase } from '@isf/server/src/db/client.js';
import { seedDemoData } from '@isf/server/src/seed/demo.js';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { ensureAttachments } from './generate-attachments.js';
import { ensureOrders } from './generate-orders.js';
import { ensurePrestations } from './generate-prestations.js';
import { ensureStatementHistory } from './generate-statement-history.js';
import { ensureStatements } from './generate-statements.js';
import { ensureUsers } from './generate-users.js';
import { rows } from './sql-rows.js';
import { AREAS, COMMUNES, FIRST_NAMES, LAST_NAMES, OPERATIONS, pick, STREET_KINDS, STREETS, textArray } from './vocabulary.js';

export const benchDirectory = path.dirname(fileURLToPath(import.meta.url));
export const outDirectory = path.join(benchDirectory, 'out');

const CHUNK_ROWS = 50_000;
const MANAGER_COUNT = 150;

/** Reads a positive integer from the environment. */
export function positiveIntegerFromEnvironment(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') {
    return fallback;
  }
  const value = Number(text.replace(/[_\s]/g, ''));
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer (got ${JSON.stringify(text)})`);
  }
  return value;
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.password = copy.password ? '***' : '';
  return copy.href;
}

/** Where the benchmark data lives, from BENCH_ROWS, DATABASE_URL and BENCH_DATABASE. */
export type BenchTarget = {
  options: DatabaseOptions;
  kind: 'pglite' | 'postgres';
  /** Human description: the PGlite directory (relative to the repository) or the PostgreSQL database. */
  location: string;
  /** PostgreSQL only: the server URL given in DATABASE_URL and the name of the benchmark database. */
  server?: { url: URL; databaseName: string };
};

export function benchTarget(targetRows: number): BenchTarget {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    // BENCH_PGLITE_DIR: another PGlite directory (a copy of the data set, to measure without disturbing it)
    const dataDir = process.env.BENCH_PGLITE_DIR
      ? path.resolve(process.env.BENCH_PGLITE_DIR)
      : path.join(outDirectory, `pglite-${targetRows}`);
    return {
      options: { kind: 'pglite', dataDir },
      kind: 'pglite',
      location: `PGlite ${path.relative(path.dirname(benchDirectory), dataDir)}`,
    };
  }
  const databaseName = process.env.BENCH_DATABASE || 'isf_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) {
    throw new Error('BENCH_DATABASE must be a plain lower-case identifier');
  }
  const benchUrl = new URL(databaseUrl);
  benchUrl.pathname = `/${databaseName}`;
  return {
    options: { kind: 'postgres', url: benchUrl.href, poolSize: 10 },
    kind: 'postgres',
    location: `PostgreSQL ${databaseName} on ${redact(new URL(databaseUrl))}`,
    server: { url: new URL(databaseUrl), databaseName },
  };
}

/**
 * Whether the database was migrated with a migration file that has changed since (the foundation
 * migration is still rewritten in place before the first release): its data set must be regenerated.
 * Only a migration this checkout also has (same timestamp) with another hash counts: a database that a
 * newer checkout migrated further (a migration this one does not know yet) is not stale, it is ahead.
 */
async function schemaIsStale(handle: DatabaseHandle): Promise<boolean> {
  const [table] = await rows(handle, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table?.present) {
    return false;
  }
  const current = new Map(readMigrationFiles({ migrationsFolder }).map((migration) => [migration.folderMillis, migration.hash]));
  const applied = await rows(handle, sql`SELECT hash, created_at AS "createdAt" FROM drizzle.__drizzle_migrations`);
  const unknown = applied.filter((row) => !current.has(Number(row.createdAt)));
  if (unknown.length > 0) {
    console.warn(`the benchmark database has ${unknown.length} migration(s) this checkout does not know: merge main`);
  }
  return applied.some((row) => {
    const hash = current.get(Number(row.createdAt));
    return hash !== undefined && hash !== String(row.hash);
  });
}

/**
 * Opens the benchmark database (creating the PostgreSQL database when missing), migrated and seeded,
 * without generating the projects (see ensureDataset). A data set made for another row count or with
 * an older version of a migration file is thrown away first.
 */
export async function openBenchDatabase(target: BenchTarget, targetRows: number): Promise<DatabaseHandle> {
  if (target.server) {
    await prepareServerDatabase(target, targetRows);
  } else if (target.options.kind === 'pglite' && target.options.dataDir) {
    const { dataDir } = target.options;
    if (existsSync(dataDir)) {
      const probe = await openDatabase(target.options);
      const stale = await schemaIsStale(probe);
      await probe.close();
      if (stale) {
        console.log(`PGlite: ${path.relative(benchDirectory, dataDir)} was made with older migrations: removing it`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (!existsSync(dataDir)) {
      console.log(`PGlite: new data directory ${path.relative(benchDirectory, dataDir)} (initdb takes a few seconds)`);
    }
  }
  const handle = await openDatabase(target.options);
  await handle.migrate();
  await seedDemoData(handle.db);
  return handle;
}

/** Creates the PostgreSQL benchmark database when missing; drops one of another size or schema. */
async function prepareServerDatabase(target: BenchTarget, targetRows: number): Promise<void> {
  if (!target.server || target.options.kind !== 'postgres') {
    return;
  }
  const { url: serverUrl, databaseName } = target.server;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl.href, poolSize: 1 });
  try {
    const existing = await rows(admin, sql`SELECT 1 FROM pg_database WHERE datname = ${databaseName}`);
    let recreate = false;
    if (existing.length > 0) {
      const probe = await openDatabase({ kind: 'postgres', url: target.options.url, poolSize: 1 });
      try {
        const meta = await readMeta(probe);
        if (meta.targetRows !== 0 && meta.targetRows !== targetRows) {
          console.log(`PostgreSQL: ${databaseName} holds a data set of ${meta.targetRows} rows: dropping it`);
          recreate = true;
        } else if (await schemaIsStale(probe)) {
          console.log(`PostgreSQL: ${databaseName} was made with older migrations: dropping it`);
          recreate = true;
        }
      } finally {
        await probe.close();
      }
      if (recreate) {
        await admin.db.execute(sql`DROP DATABASE ${sql.identifier(databaseName)} WITH (FORCE)`);
      }
    }
    if (existing.length === 0 || recreate) {
      console.log(`PostgreSQL: creating database ${databaseName} on ${redact(serverUrl)}`);
      await admin.db.execute(sql`CREATE DATABASE ${sql.identifier(databaseName)}`);
    }
  } finally {
    await admin.close();
  }
}

type Meta = { generatedRows: number; targetRows: number; complete: boolean; seconds: number };

async function readMeta(handle: DatabaseHandle): Promise<Meta> {
  const [table] = await rows(handle, sql`SELECT to_regclass('bench_meta') IS NOT NULL AS present`);
  const meta: Meta = { generatedRows: 0, targetRows: 0, complete: false, seconds: 0 };
  if (!table?.present) {
    return meta;
  }
  for (const row of await rows(handle, sql`SELECT key, value FROM bench_meta`)) {
    const value = String(row.value);
    if (row.key === 'generated_rows') {
      meta.generatedRows = Number(value);
    } else if (row.key === 'target_rows') {
      meta.targetRows = Number(value);
    } else if (row.key === 'complete') {
      meta.complete = value === 'true';
    } else if (row.key === 'seconds') {
      meta.seconds = Number(value);
    }
  }
  return meta;
}

function writeMeta(key: string, value: string) {
  return sql`INSERT INTO bench_meta (key, value) VALUES (${key}, ${value})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
}

async function ensureManagers(handle: DatabaseHandle): Promise<number[]> {
  const existing = await rows(handle, sql`SELECT id FROM users WHERE uid LIKE 'bench.cdp.%' ORDER BY id`);
  if (existing.length >= MANAGER_COUNT) {
    return existing.map((row) => Number(row.id));
  }
  const [role] = await rows(handle, sql`SELECT id FROM roles ORDER BY (name = 'Chef de projet') DESC, id LIMIT 1`);
  const [admin] = await rows(handle, sql`SELECT id FROM users WHERE uid = 'admin'`);
  const first = pick(textArray(FIRST_NAMES), FIRST_NAMES.length, 11);
  const last = pick(textArray(LAST_NAMES), LAST_NAMES.length, 12);
  // no password: these accounts own projects, nobody logs in with them
  await handle.db.execute(sql`
    INSERT INTO users (uid, name, cn, mail, role_id, manager_id)
    SELECT 'bench.cdp.' || lpad(g.n::text, 3, '0'), name, 'bench.cdp.' || lpad(g.n::text, 3, '0'),
           'bench.cdp.' || lpad(g.n::text, 3, '0') || '@isf.example', ${Number(role?.id)}, ${admin ? Number(admin.id) : null}
    FROM generate_series(${existing.length + 1}::int, ${MANAGER_COUNT}::int) AS g(n)
    CROSS JOIN LATERAL (SELECT ${first} || ' ' || ${last} AS name) AS person`);
  return (await rows(handle, sql`SELECT id FROM users WHERE uid LIKE 'bench.cdp.%' ORDER BY id`)).map((row) => Number(row.id));
}

/** Project type ids weighted over 20 slots: FTTH 35 %, Génie civil 20 %, the other types share the rest. */
async function weightedTypeIds(handle: DatabaseHandle): Promise<number[]> {
  const types = (await rows(handle, sql`SELECT id, name FROM project_types ORDER BY id`)).map((row) => ({
    id: Number(row.id),
    name: String(row.name),
  }));
  if (types.length === 0) {
    throw new Error('no project types: the demo seed did not run');
  }
  const weight = (name: string) => (name === 'FTTH' ? 7 : name === 'Génie civil' ? 4 : 3);
  return types.flatMap((type) => Array.from({ length: weight(type.name) }, () => type.id));
}

export function formatDuration(seconds: number): string {
  return seconds < 90 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export type DatasetInfo = {
  projects: number;
  /** Generated users (`bench.user.…`) and prestations (`Bordereau bench …` templates). */
  users: number;
  prestations: number;
  /** Generated orders (on generated markets `BM-…`), each with its workflow token. */
  orders: number;
  /** Generated attachments (on the validated and closed generated orders), with lines and tokens. */
  attachments: number;
  /** Generated monthly statements (on the generated markets, over their validated attachments; all of them with BENCH_STATEMENTS). */
  statements: number;
  generatedRows: number;
  generationSeconds: number;
  /** Whether this run generated (part of) the data. */
  generatedNow: boolean;
};

export const USER_ROWS = positiveIntegerFromEnvironment('BENCH_USERS', 100_000);
export const PRESTATION_ROWS = positiveIntegerFromEnvironment('BENCH_PRESTATIONS', 100_000);
export const ORDER_ROWS = positiveIntegerFromEnvironment('BENCH_ORDERS', 1_000_000);
export const ATTACHMENT_ROWS = positiveIntegerFromEnvironment('BENCH_ATTACHMENTS', 1_000_000);
/** Statements in all (the generated ones plus a history, `generate-statement-history.ts`); unset: the generated ones. */
export const STATEMENT_ROWS = process.env.BENCH_STATEMENTS ? positiveIntegerFromEnvironment('BENCH_STATEMENTS', 1) : undefined;

/**
 * The whole data set: projects up to targetRows, then BENCH_USERS users, BENCH_PRESTATIONS
 * prestations and BENCH_ORDERS orders (each resuming an interrupted run).
 */
export async function ensureDataset(handle: DatabaseHandle, targetRows: number): Promise<DatasetInfo> {
  const projects = await ensureProjects(handle, targetRows);
  const users = await ensureUsers(handle, USER_ROWS);
  const prestations = await ensurePrestations(handle, PRESTATION_ROWS);
  const orders = await ensureOrders(handle, ORDER_ROWS);
  const attachments = await ensureAttachments(handle, ATTACHMENT_ROWS);
  const generatedStatements = await ensureStatements(handle);
  // BENCH_STATEMENTS: the statements brought to that many by a longer history (issue 11's 1,000,000 row)
  const statements = STATEMENT_ROWS === undefined ? generatedStatements : await ensureStatementHistory(handle, STATEMENT_ROWS);
  const generatedNow =
    projects.generatedNow ||
    users.generatedNow > 0 ||
    prestations.generatedNow > 0 ||
    orders.generatedNow > 0 ||
    attachments.generatedNow > 0 ||
    generatedStatements.generatedNow > 0 ||
    statements.generatedNow > 0;
  if (generatedNow) {
    // the planner's statistics of every table the loads touched (the seed's and the generators' alike):
    // without them a fresh load is measured with the plans of empty tables
    const analyzeStarted = performance.now();
    await handle.db.execute(sql`ANALYZE`);
    console.log(`ANALYZE in ${formatDuration((performance.now() - analyzeStarted) / 1000)}`);
  }
  return {
    ...projects,
    users: users.total,
    prestations: prestations.total,
    orders: orders.total,
    attachments: attachments.total,
    statements: statements.total,
    generationSeconds:
      projects.generationSeconds +
      users.seconds +
      prestations.seconds +
      orders.seconds +
      attachments.seconds +
      generatedStatements.seconds +
      (statements === generatedStatements ? 0 : statements.seconds),
    generatedNow,
  };
}

type ProjectsInfo = Omit<DatasetInfo, 'users' | 'prestations' | 'orders' | 'attachments' | 'statements'>;

/** Generates the projects up to targetRows (resuming an interrupted run), then VACUUM ANALYZE. */
async function ensureProjects(handle: DatabaseHandle, targetRows: number): Promise<ProjectsInfo> {
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)`);
  const meta = await readMeta(handle);
  if (meta.complete && meta.targetRows === targetRows) {
    const [count] = await rows(handle, sql`SELECT count(*)::bigint AS total FROM projects`);
    return {
      projects: Number(count?.total),
      generatedRows: meta.generatedRows,
      generationSeconds: meta.seconds,
      generatedNow: false,
    };
  }
  if (meta.targetRows !== 0 && meta.targetRows !== targetRows) {
    throw new Error(`this database was generated for ${meta.targetRows} rows, not ${targetRows}`);
  }
  await handle.db.execute(writeMeta('target_rows', String(targetRows)));

  const started = performance.now();
  const managers = await ensureManagers(handle);
  const typeIds = await weightedTypeIds(handle);
  const managerArray = sql.raw(`ARRAY[${managers.join(', ')}]::int[]`);
  const typeArray = sql.raw(`ARRAY[${typeIds.join(', ')}]::int[]`);
  const communeIndex = sql`(1 + abs(hashint8extended(g.n::bigint, 2) % ${COMMUNES.length})::int)`;
  const communeNames = textArray(COMMUNES.map(([name]) => name));
  const communeCodes = textArray(COMMUNES.map(([, code, department]) => `P${department}-${code}`));
  const postcodes = textArray(COMMUNES.map(([, , , postcode]) => postcode));
  // managers: a skewed spread (some manage many more projects than others), like a real company
  const managerPick = sql`(${managerArray})[1 + floor(${managers.length} * power((abs(hashint8extended(g.n::bigint, 5)) % 1000000)::float8 / 1000000, 1.6))::int]`;

  let done = meta.generatedRows;
  if (done > 0) {
    console.log(`resuming the generation at row ${done + 1}`);
  }
  const total = targetRows;
  const chunkStarted = performance.now();
  const initiallyDone = done;
  while (done < total) {
    const from = done + 1;
    const to = Math.min(done + CHUNK_ROWS, total);
    await handle.db.transaction(async (transaction) => {
      await transaction.execute(sql`
        INSERT INTO projects (name, code, type_id, manager_id, address, created_at, updated_at)
        SELECT ${pick(textArray(OPERATIONS), OPERATIONS.length, 1)} || ' ' || (${communeNames})[c.i] || ' – '
                 || ${pick(textArray(AREAS), AREAS.length, 3)} || ' ' || (1 + abs(hashint8extended(g.n::bigint, 4) % 120)),
               (${communeCodes})[c.i] || '-' || lpad(g.n::text, 7, '0'),
               ${pick(typeArray, typeIds.length, 6)},
               ${managerPick},
               (1 + abs(hashint8extended(g.n::bigint, 7) % 180)) || ' ' || ${pick(textArray(STREET_KINDS), STREET_KINDS.length, 8)}
                 || ' ' || ${pick(textArray(STREETS), STREETS.length, 9)} || ', ' || (${postcodes})[c.i] || ' ' || (${communeNames})[c.i],
               created,
               created + (abs(hashint8extended(g.n::bigint, 10) % 400) || ' days')::interval
        FROM generate_series(${from}::int, ${to}::int) AS g(n)
        CROSS JOIN LATERAL (SELECT ${communeIndex} AS i) AS c
        CROSS JOIN LATERAL (SELECT timestamptz '2019-01-01 08:00+01' + (g.n::double precision / ${total}) * interval '2400 days' AS created) AS t`);
      await transaction.execute(writeMeta('generated_rows', String(to)));
    });
    done = to;
    const elapsed = (performance.now() - chunkStarted) / 1000;
    const rate = (done - initiallyDone) / elapsed;
    const eta = (total - done) / rate;
    console.log(
      `  ${String(done).padStart(String(total).length)} / ${total} projects  ${Math.round(rate).toLocaleString('en-US')} rows/s` +
        (done < total ? `  ~${formatDuration(eta)} left` : ''),
    );
  }
  const insertSeconds = (performance.now() - started) / 1000;
  console.log(`inserted in ${formatDuration(insertSeconds)}; VACUUM ANALYZE…`);
  // a project manager sees the projects he is a member of (visibility 2 reads user_projects): each generated
  // manager is a member of the projects he manages, so the manager's scenarios measure a real scope
  await handle.db.execute(sql`
    INSERT INTO user_projects (user_id, project_id)
    SELECT p.manager_id, p.id FROM projects p JOIN users u ON u.id = p.manager_id
    WHERE u.uid LIKE 'bench.cdp.%'
    ON CONFLICT DO NOTHING`);
  const vacuumStarted = performance.now();
  await handle.db.execute(sql`VACUUM ANALYZE user_projects`);
  await handle.db.execute(sql`VACUUM ANALYZE projects`);
  await handle.db.execute(sql`VACUUM ANALYZE users`);
  const seconds = meta.seconds + (performance.now() - started) / 1000;
  console.log(`VACUUM ANALYZE in ${formatDuration((performance.now() - vacuumStarted) / 1000)}`);
  await handle.db.execute(writeMeta('seconds', seconds.toFixed(1)));
  await handle.db.execute(writeMeta('complete', 'true'));
  const [count] = await rows(handle, sql`SELECT count(*)::bigint AS total FROM projects`);
  return { projects: Number(count?.total), generatedRows: total, generationSeconds: seconds, generatedNow: true };
}

async function main(): Promise<void> {
  const targetRows = positiveIntegerFromEnvironment('BENCH_ROWS', 1_000_000);
  const target = benchTarget(targetRows);
  const handle = await openBenchDatabase(target, targetRows);
  const location = target.location;
  try {
    const info = await ensureDataset(handle, targetRows);
    console.log(
      `${location}: ${info.projects.toLocaleString('en-US')} projects, ${info.users.toLocaleString('en-US')} users, ` +
        `${info.prestations.toLocaleString('en-US')} prestations, ${info.orders.toLocaleString('en-US')} orders, ` +
        `${info.attachments.toLocaleString('en-US')} attachments, ${info.statements.toLocaleString('en-US')} statements` +
        (info.generatedNow ? `, generated in ${formatDuration(info.generationSeconds)}` : ' (already generated)'),
    );
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
