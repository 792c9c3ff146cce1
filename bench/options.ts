/**
 * The benchmark's settings, from the environment (docs/performance.md "How to run"): BENCH_ROWS (1000000),
 * BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (4), BENCH_SQL_RUNS (15),
 * BENCH_MOVES (100), BENCH_EXPLAIN=1, BENCH_ONLY (scenario keys or groups), DATABASE_URL, BENCH_DATABASE,
 * BENCH_CPU_PROF (a folder: the app process writes its V8 CPU profile there when it stops).
 */
import { positiveIntegerFromEnvironment } from './generate.js';

export const ROWS = positiveIntegerFromEnvironment('BENCH_ROWS', 1_000_000);
export const DURATION = positiveIntegerFromEnvironment('BENCH_DURATION', 10);
export const WARMUP = positiveIntegerFromEnvironment('BENCH_WARMUP', 2);
export const CONNECTIONS = positiveIntegerFromEnvironment('BENCH_CONNECTIONS', 4);
export const SQL_RUNS = positiveIntegerFromEnvironment('BENCH_SQL_RUNS', 15);
/** Workflow moves measured per kind (order, attachment): as many forward as back. */
export const MOVES = positiveIntegerFromEnvironment('BENCH_MOVES', 100);
export const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/**
 * BENCH_ONLY=a,u1,captured measures only these scenarios: a key (`a`, `o3`, `admin:orders`), a key's start
 * followed by `*` (`admin:dashboard/*`) or a group (`lists`, `captured`, `moves`, `csv`, `concurrent`,
 * `filters`, `erp`).
 */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((key) => key.trim())
  .filter((key) => key !== '');

export function selected(key: string, group: string): boolean {
  return (
    ONLY.length === 0 ||
    ONLY.includes(key) ||
    ONLY.includes(group) ||
    // `admin:dashboard/*`: every key with that start (captured keys hold commas: `sort=since,asc`)
    ONLY.some((only) => only.endsWith('*') && key.startsWith(only.slice(0, -1)))
  );
}

export function groupSelected(group: string): boolean {
  return ONLY.length === 0 || ONLY.includes(group);
}
