/**
 * `npm run experiments -w bench`: measures the list-engine changes proposed in docs/performance.md on the
 * benchmark data set (generate it first with `npm run bench` or `npm run generate -w bench`):
 *
 * 1. the count of a page with the list's lookup joins (what runList sends) and on `projects` alone;
 * 2. the text-contains filter as the engine sends it, without and with the migrations' trigram index
 *    on name (pg_trgm): "without" drops it in a transaction that is rolled back.
 *
 * Same environment as run.ts (BENCH_ROWS, DATABASE_URL, BENCH_DATABASE). Direct SQL only, medians of
 * BENCH_SQL_RUNS (default 9) runs, at most 20 s per statement.
 */
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteExtensions } from '@isf/server/src/db/client.js';
import { containsPattern } from '@isf/server/src/platform/text-match.js';
import { sql } from 'drizzle-orm';
import { benchTarget, positiveIntegerFromEnvironment } from './generate.js';

const ROWS = positiveIntegerFromEnvironment('BENCH_ROWS', 1_000_000);
const RUNS = positiveIntegerFromEnvironment('BENCH_SQL_RUNS', 9);
const BUDGET_MS = 20_000;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function connect(): Promise<{ query: Query; close: () => Promise<void>; location: string }> {
  const target = benchTarget(ROWS);
  if (target.options.kind === 'pglite') {
    if (!target.options.dataDir || !existsSync(target.options.dataDir)) {
      throw new Error(`no data set at ${target.location}: run npm run bench first`);
    }
    // opened directly (one connection, raw statements), with the extensions the app loads (pg_trgm)
    const client = await PGlite.create({ dataDir: target.options.dataDir, extensions: pgliteExtensions });
    return {
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      close: () => client.close(),
      location: target.location,
    };
  }
  const handle = await openDatabase({ ...target.options, poolSize: 1 });
  return {
    query: async (text) => ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
    close: () => handle.close(),
    location: target.location,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function time(query: Query, label: string, text: string): Promise<void> {
  await query(text);
  await query(text);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < RUNS && performance.now() - started < BUDGET_MS) {
    const before = performance.now();
    await query(text);
    times.push(performance.now() - before);
  }
  console.log(`  ${label.padEnd(52)} ${median(times).toFixed(2).padStart(9)} ms  (median of ${times.length})`);
}

const FROM = 'projects p LEFT JOIN project_types t ON t.id = p.type_id LEFT JOIN users m ON m.id = p.manager_id';
const SELECT =
  'p.id AS "id", p.code AS "code", p.name AS "name", p.type_id AS "typeId", t.name AS "typeName", m.name AS "managerName"';
// the engine's accent-insensitive "contains" (a regular expression without quotes)
const CONTAINS = `p.name ~ '${containsPattern('mérignac')}'`;

async function main(): Promise<void> {
  const { query, close, location } = await connect();
  try {
    const [type] = await query('SELECT id FROM project_types ORDER BY id OFFSET 1 LIMIT 1');
    const typeId = Number(type?.id ?? 2);
    console.log(`${location}`);
    console.log('1. count of a page: with the lookup joins (as runList sends it) / on projects alone');
    await time(
      query,
      `(a) type_id = ${typeId}, with lookup joins`,
      `SELECT count(*)::bigint FROM ${FROM} WHERE p.type_id = ${typeId}`,
    );
    await time(
      query,
      `(a) type_id = ${typeId}, projects alone`,
      `SELECT count(*)::bigint FROM projects p WHERE p.type_id = ${typeId}`,
    );
    await time(query, '(b) no filter, with lookup joins', `SELECT count(*)::bigint FROM ${FROM} WHERE TRUE`);
    await time(query, '(b) no filter, projects alone', 'SELECT count(*)::bigint FROM projects p WHERE TRUE');

    console.log('2. name contains "mérignac" (page 0 sorted by name, and its count)');
    const page = `SELECT ${SELECT} FROM ${FROM} WHERE ${CONTAINS} ORDER BY p.name ASC NULLS FIRST, p.id ASC LIMIT 50 OFFSET 0`;
    const count = `SELECT count(*)::bigint FROM ${FROM} WHERE ${CONTAINS}`;
    // the migrations create projects_name_trgm_idx (docs/performance.md, proposal 3): "without" is
    // measured in a transaction that drops it and is rolled back, so the data set keeps it
    const [index] = await query("SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'projects_name_trgm_idx'");
    if (Number(index?.n) === 0) {
      console.log('  (no projects_name_trgm_idx: a data set made before migration 0023, regenerate it)');
    }
    await query('BEGIN');
    try {
      await query('DROP INDEX IF EXISTS projects_name_trgm_idx');
      await time(query, '(c) page, no trigram index', page);
      await time(query, '(c) count, no trigram index', count);
    } finally {
      await query('ROLLBACK');
    }
    await time(query, '(c) page, trigram index', page);
    await time(query, '(c) count, trigram index', count);
  } finally {
    await close();
  }
}

await main();
