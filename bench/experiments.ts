/**
 * `npm run experiments -w bench`: measures the list-engine changes proposed in docs/performance.md on the
 * benchmark data set (generate it first with `npm run bench` or `npm run generate -w bench`):
 *
 * 1. the count of a page with the list's lookup joins (what runList sends) and on `projects` alone;
 * 2. the text-contains filter as the engine sends it, without and with a trigram index on name (pg_trgm).
 *    The index is created for the measurement and dropped afterwards (with the extension when this
 *    script created it).
 *
 * Same environment as run.ts (BENCH_ROWS, DATABASE_URL, BENCH_DATABASE). Direct SQL only, medians of
 * BENCH_SQL_RUNS (default 9) runs, at most 20 s per statement.
 */
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '@isf/server/src/db/client.js';
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
    // the app's client does not load pg_trgm: this script opens the directory itself
    const client = await PGlite.create({ dataDir: target.options.dataDir, extensions: { pg_trgm } });
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
  let createdExtension = false;
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
    await time(query, '(c) page, no trigram index', page);
    await time(query, '(c) count, no trigram index', count);
    const [present] = await query("SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'");
    if (Number(present?.n) === 0) {
      await query('CREATE EXTENSION pg_trgm');
      createdExtension = true;
    }
    const built = performance.now();
    await query('CREATE INDEX bench_tmp_name_trgm ON projects USING gin (name gin_trgm_ops)');
    await query('ANALYZE projects');
    console.log(`  (trigram index built in ${((performance.now() - built) / 1000).toFixed(1)} s)`);
    await time(query, '(c) page, trigram index', page);
    await time(query, '(c) count, trigram index', count);
  } finally {
    await query('DROP INDEX IF EXISTS bench_tmp_name_trgm');
    if (createdExtension) {
      await query('DROP EXTENSION IF EXISTS pg_trgm');
    }
    await close();
  }
}

await main();
