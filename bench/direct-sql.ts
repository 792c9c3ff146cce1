/**
 * The "same SQL run directly" figures, two ways:
 *
 * - list scenarios written in the benchmark (list-scenarios.ts): the two statements runList sends for a
 *   page (page and count), built with the list engine's own builders (`buildListStatements`), sent
 *   together as runList sends them, then each alone;
 * - captured and other requests: the statements the app sent while serving the request once, recorded in
 *   the app process (sql-recorder.ts), replayed with the same text and values; statements that overlapped
 *   in the app (a Promise.all) are replayed together, the others one after the other. A request that
 *   writes (a workflow move) is replayed in a transaction that is rolled back, on one connection, after the
 *   move was made (so its updates find the row at its new place: the timing of the same statements, not a
 *   second move).
 *
 * Each figure is the median of BENCH_SQL_RUNS runs after two warm-up runs (a replay: one), within 30 s.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import {
  buildListStatements,
  isInScope,
  type ListDefinition,
  type ListStatements,
  parseListQuery,
} from '@isf/server/src/platform/list-engine.js';
import type { Principal } from '@isf/server/src/platform/principal.js';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { median } from './load.js';
import { EXPLAIN, SQL_RUNS } from './options.js';
import type { RecordedStatement } from './sql-recorder.js';
import { type Row, rows } from './sql-rows.js';

/** Upper bound of one direct-SQL measurement, whatever BENCH_SQL_RUNS says. */
const SQL_BUDGET_MS = 30_000;

/** Median time of `run` over SQL_RUNS runs after `warmUps` warm-up runs, within SQL_BUDGET_MS. */
export async function timeMedian(run: () => Promise<unknown>, warmUps = 2): Promise<{ median: number; runs: number }> {
  for (let index = 0; index < warmUps; index += 1) {
    await run();
  }
  const times: number[] = [];
  const started = performance.now();
  while (times.length < SQL_RUNS && performance.now() - started < SQL_BUDGET_MS) {
    const before = performance.now();
    await run();
    times.push(performance.now() - before);
  }
  return { median: median(times), runs: times.length };
}

export type DirectFigures = {
  total: number;
  firstIds: number[];
  /** page and count together, as runList sends them (Promise.all); for a replay: every statement. */
  both: number;
  page: number;
  count: number;
  runs: number;
  /** Statements replayed (recorded requests only). */
  statements?: number;
};

/** A list request written in the benchmark: `query` is the list query, `criteria` what the route turns into the list's condition. */
export type ListScenario = {
  key: string;
  label: string;
  path: string;
  list: ListDefinition;
  query: Record<string, string>;
  criteria?: Record<string, string>;
};
/** A detail request; its direct counterpart runs what the route runs (scope check, then the service's read). */
export type DetailScenario = {
  key: string;
  label: string;
  path: string;
  query: Record<string, string>;
  id: number;
  direct: (handle: DatabaseHandle, admin: Principal) => Promise<unknown>;
};
export type WrittenScenario = ListScenario | DetailScenario;

/** The two statements runList sends for a page (same builder, same text; no summary asked; admin: no scope). */
function listStatements(scenario: ListScenario): ListStatements {
  return buildListStatements(scenario.list, parseListQuery(scenario.query), null);
}

async function measureDetail(handle: DatabaseHandle, scenario: DetailScenario, admin: Principal): Promise<DirectFigures> {
  const record = (await scenario.direct(handle, admin)) as { id?: unknown };
  const timed = await timeMedian(() => scenario.direct(handle, admin));
  return { total: 1, firstIds: [Number(record.id)], both: timed.median, page: Number.NaN, count: Number.NaN, runs: timed.runs };
}

export async function measureWritten(
  handle: DatabaseHandle,
  scenario: WrittenScenario,
  admin: Principal,
): Promise<DirectFigures> {
  if (!('list' in scenario)) {
    return measureDetail(handle, scenario, admin);
  }
  const statements = listStatements(scenario);
  const [pageRows, [countRow]] = await Promise.all([rows(handle, statements.page), rows(handle, statements.count)]);
  if (EXPLAIN) {
    for (const [name, statement] of [
      ['page', statements.page],
      ['count', statements.count],
    ] as const) {
      const plan = await rows(handle, sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement}`);
      console.log(`\n(${scenario.key}) ${name} plan:\n${plan.map((row) => `  ${String(Object.values(row)[0])}`).join('\n')}`);
    }
  }
  const both = await timeMedian(() => Promise.all([rows(handle, statements.page), rows(handle, statements.count)]));
  const page = await timeMedian(() => rows(handle, statements.page));
  const count = await timeMedian(() => rows(handle, statements.count));
  if (Number(countRow?.__count ?? 0) === 0) {
    console.warn(`(${scenario.key}) matches no row: its figures mean little`);
  }
  return {
    // the count reads one row past its cap: the API answers the cap (and `totalCapped`) beyond it
    total: Math.min(Number(countRow?.__count ?? 0), statements.countLimit),
    firstIds: pageRows.slice(0, 5).map((row: Row) => Number(row.id)),
    both: both.median,
    page: page.median,
    count: count.median,
    runs: Math.min(both.runs, page.runs, count.runs),
  };
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i;
const READ_ONLY = /^\s*(\(\s*)*(select|with\s+[\s\S]*?\)\s*select|explain|show|values)\b/i;

/** Statements that overlapped in the app (sent together) in one wave; waves follow each other. */
export function waves(statements: RecordedStatement[]): RecordedStatement[][] {
  const sorted = statements.filter((statement) => !TRANSACTION_CONTROL.test(statement.text)).sort((a, b) => a.start - b.start);
  const result: RecordedStatement[][] = [];
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const statement of sorted) {
    const current = result.at(-1);
    if (current && statement.start < waveEnd) {
      current.push(statement);
    } else {
      result.push([statement]);
    }
    waveEnd = Math.max(waveEnd, Number.isFinite(statement.end) ? statement.end : statement.start);
  }
  return result;
}

export function writes(statements: RecordedStatement[]): boolean {
  return statements.some((statement) => !TRANSACTION_CONTROL.test(statement.text) && !READ_ONLY.test(statement.text));
}

/** Replays recorded statements on the benchmark database (PostgreSQL: a pool of 10 as the app's; PGlite: the handle). */
export type Replayer = {
  replay(statements: RecordedStatement[]): Promise<DirectFigures>;
  close(): Promise<void>;
};

export function replayer(handle: DatabaseHandle, postgresUrl: string | null): Replayer {
  const pool = postgresUrl ? new pg.Pool({ connectionString: postgresUrl, max: 10 }) : null;
  const execute = async (text: string, values: unknown[]) => {
    if (pool) {
      await pool.query(text, values);
    } else {
      await handle.sql.executeSql(text, values);
    }
  };
  async function readOnly(recorded: RecordedStatement[][]): Promise<void> {
    for (const wave of recorded) {
      await Promise.all(wave.map((statement) => execute(statement.text, statement.values)));
    }
  }
  async function rolledBack(recorded: RecordedStatement[][]): Promise<void> {
    const flat = recorded.flat();
    if (pool) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const statement of flat) {
          await client.query(statement.text, statement.values);
        }
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
      return;
    }
    await handle.sql.executeSql('BEGIN');
    try {
      for (const statement of flat) {
        await handle.sql.executeSql(statement.text, statement.values);
      }
    } finally {
      await handle.sql.executeSql('ROLLBACK');
    }
  }
  return {
    async replay(statements) {
      const recorded = waves(statements);
      const run = writes(statements) ? () => rolledBack(recorded) : () => readOnly(recorded);
      // one warm-up (the app has just run the same statements); none when they took a second or more
      const span =
        Math.max(...statements.map((statement) => statement.end)) - Math.min(...statements.map((statement) => statement.start));
      const timed = await timeMedian(run, span >= 1_000 ? 0 : 1);
      return {
        total: Number.NaN,
        firstIds: [],
        both: timed.median,
        page: Number.NaN,
        count: Number.NaN,
        runs: timed.runs,
        statements: recorded.flat().length,
      };
    },
    async close() {
      await pool?.end();
    },
  };
}

export { isInScope };
