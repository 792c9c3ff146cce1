/**
 * `npm run experiments:orders -w bench`: the orders list's page with a filter on a joined column (agency
 * name contains), as one query over every join (what runList sent before proposal 6 of
 * docs/performance.md) and as runList sends it now, "ids first": the page's ids sorted and limited over
 * `orders` and the agency only, then the 50 rows read with every join. Direct SQL on the benchmark data
 * set (generate it first), medians of BENCH_SQL_RUNS (default 7) runs.
 */
import { orderList } from '@isf/server/src/modules/orders/index.js';
import {
  buildListStatements,
  buildOrderBy,
  buildSelect,
  buildWhere,
  parseListQuery,
} from '@isf/server/src/platform/list-engine.js';
import { type SQL, sql } from 'drizzle-orm';
import { benchTarget, openBenchDatabase, positiveIntegerFromEnvironment } from './generate.js';
import { rows } from './sql-rows.js';

const ROWS = positiveIntegerFromEnvironment('BENCH_ROWS', 1_000_000);
const RUNS = positiveIntegerFromEnvironment('BENCH_SQL_RUNS', 7);

const target = benchTarget(ROWS);
const handle = await openBenchDatabase(target, ROWS);

async function median(statement: SQL): Promise<number> {
  await rows(handle, statement);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await rows(handle, statement);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

try {
  console.log(target.location);
  for (const sort of ['reference,asc', 'total,desc']) {
    const query = parseListQuery({ page: '0', size: '50', sort, filters: JSON.stringify({ agencyName: 'occitanie' }) });
    const where = buildWhere(orderList, query, null);
    const orderBy = buildOrderBy(orderList, query.sort);
    const single = sql`SELECT ${buildSelect(orderList)} FROM ${orderList.from} WHERE ${where}
      ORDER BY ${orderBy} LIMIT ${query.size} OFFSET 0`;
    const idsFirst = buildListStatements(orderList, query, null).page;
    const same = JSON.stringify(await rows(handle, single)) === JSON.stringify(await rows(handle, idsFirst));
    console.log(
      `  agency name contains "occitanie", ${sort.padEnd(13)}  single query ${(await median(single)).toFixed(1)} ms` +
        `  ids first (as sent) ${(await median(idsFirst)).toFixed(1)} ms${same ? '' : '  (DIFFERENT ROWS)'}`,
    );
  }
} finally {
  await handle.close();
}
