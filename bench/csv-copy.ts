/**
 * The orders CSV of the whole benchmark database through the API (issue 14) against psql `\copy` of the
 * same SELECT: time, bytes, and the app's resident memory (RSS, sampled every 50 ms from /proc) above
 * its idle level. The app runs in its own process (server.ts), as in run.ts.
 *
 * `npm run csv-copy -w bench`, with DATABASE_URL (PostgreSQL; BENCH_DATABASE, default isf_bench).
 * BENCH_CSV_RUNS (2): runs of each measure.
 */
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { orderList } from '@isf/server/src/modules/orders/index.js';
import { csvSelect, inlineParameters } from '@isf/server/src/platform/csv-export.js';
import { buildSelect, parseListQuery } from '@isf/server/src/platform/list-engine.js';
import { sql } from 'drizzle-orm';
import { benchDirectory, benchTarget, positiveIntegerFromEnvironment } from './generate.js';

const RUNS = positiveIntegerFromEnvironment('BENCH_CSV_RUNS', 2);
const target = benchTarget(1_000_000);
if (target.options.kind !== 'postgres') {
  throw new Error('csv-copy measures PostgreSQL: set DATABASE_URL');
}
const databaseUrl = target.options.url;

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

const child = fork(path.join(benchDirectory, 'server.ts'), [], {
  cwd: benchDirectory,
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, JOB_WORKER: 'false' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const port = await new Promise<number>((resolve, reject) => {
  child.once('message', (message) => resolve(Number((message as { port?: unknown }).port)));
  child.once('exit', (code) => reject(new Error(`the app exited (code ${code}) before listening`)));
});
const pid = child.pid ?? 0;
const base = `http://127.0.0.1:${port}`;

try {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  const { token } = (await login.json()) as { token: string };
  // warm the app (first list query, code paths) before reading its idle memory
  await (await fetch(`${base}/api/orders?filter=all&size=50`, { headers: { authorization: `Bearer ${token}` } })).text();
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  for (let run = 1; run <= RUNS; run++) {
    const idle = rssMegabytes(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMegabytes(pid));
    }, 50);
    const started = performance.now();
    const response = await fetch(`${base}/api/orders/csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: 'all' }),
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 0x0a) {
          lines += 1;
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `API  run ${run}: ${response.status}, ${seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB, ${lines} lines, ` +
        `RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
} finally {
  child.disconnect();
}

// psql \copy of the export's own SELECT (the admin sees every order: no scope), then of the list's plain
// columns in the same order (what formatting the cells in SQL costs)
const query = parseListQuery({ page: 0, size: 1 });
const { select } = csvSelect(orderList, query, null, [], 'fr');
const columns = Object.entries(orderList.columns)
  .filter(([, column]) => !column.hiddenInCsv)
  .map(([name]) => name);
const plain = inlineParameters(sql`SELECT ${buildSelect(orderList, columns)} FROM ${orderList.from} ORDER BY o.id`);
for (const [name, statement] of [
  ['export SELECT', select],
  ['plain SELECT', plain],
] as const) {
  for (let run = 1; run <= RUNS; run++) {
    const started = performance.now();
    execFileSync(
      'psql',
      [databaseUrl, '-X', '-q', '-c', `\\copy (${statement.replace(/\s+/g, ' ')}) to /dev/null with (format csv, delimiter ';')`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    console.log(`psql \\copy ${name} run ${run}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
