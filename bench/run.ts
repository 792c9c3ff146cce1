/**
 * `npm run bench`: the requests of the real app over a large data set, next to the same SQL run directly,
 * with a pass/fail column against the targets of issue 14 (docs/performance.md "Issue 14").
 *
 * 1. opens (or generates, see generate.ts) the data set: PGlite by default, PostgreSQL with DATABASE_URL;
 *    plans the scenarios: the requests the browser sends on each list screen (captured-scenarios.ts, from
 *    bench/scenarios/captured.json) as admin and as a generated project manager, date / contains / deep
 *    page filters on them, the written list scenarios (list-scenarios.ts), workflow moves
 *    (workflow-moves.ts), the CSV export (csv-export.ts); runs the written scenarios' SQL directly;
 * 2. starts the app (server.ts) in a child process; for each request: checks it answers 2xx, records the
 *    SQL it sends (sql-recorder.ts), then loads it with autocannon (app-process.ts, load.ts): warm-up,
 *    measured run, at 1 connection (the written scenarios also at BENCH_CONNECTIONS, the default orders
 *    page at 16); the workflow moves one at a time; the CSV export with the app's memory;
 * 3. stops the app, replays the recorded SQL directly (direct-sql.ts) and runs `psql \copy`;
 * 4. prints the tables (report.ts) and writes them to bench/out/last-run.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { createPrincipalLoader } from '@isf/server/src/platform/principal.js';
import { sql } from 'drizzle-orm';
import { type AppProcess, drain, login, recordSql, startApp, stopApp } from './app-process.js';
import type { CapturedRequest } from './capture-file.js';
import {
  ADMIN,
  type BenchUser,
  type CapturedScenario,
  capturedScenarios,
  ensureManagerLogin,
  mappedNodeId,
  readCaptured,
  refusedScreens,
} from './captured-scenarios.js';
import { type CsvFigures, csvRequest, measureAppExport, measurePsqlCopy } from './csv-export.js';
import { type DirectFigures, measureWritten, replayer, type WrittenScenario } from './direct-sql.js';
import { benchTarget, ensureDataset, formatDuration, openBenchDatabase, outDirectory } from './generate.js';
import { listScenarios } from './list-scenarios.js';
import { figuresOf, type LoadFigures, load } from './load.js';
import { CONNECTIONS, DURATION, groupSelected, MOVES, ROWS, SQL_RUNS, selected, WARMUP } from './options.js';
import { markdownTable, megabytes, ms, rate, table, verdict } from './report.js';
import type { RecordedStatement } from './sql-recorder.js';
import { rows } from './sql-rows.js';
import { type MovePlan, type MoveResult, measureMoves, planMoves } from './workflow-moves.js';

/** A request measured against a target: captured, or derived from a captured one (filters, concurrency). */
type TargetScenario = CapturedScenario & { group: string; label: string; connections: number; errorsAllowed?: number };

const CONCURRENT_CONNECTIONS = 16;
/** A request slower than this (ms) is timed SLOW_SAMPLES times one after the other instead of loaded. */
const SLOW_MS = 1_000;
const SLOW_SAMPLES = 3;

/** Date, contains and deep-page variants of the screens' "All" requests (as the list screens send filters). */
function filterScenarios(captured: CapturedScenario[]): TargetScenario[] {
  const base = (pathStart: string) =>
    captured.find(
      (scenario) => scenario.user === 'admin' && scenario.url.startsWith(pathStart) && scenario.url.includes('filter=all'),
    );
  const variants: { key: string; label: string; from: string; set: Record<string, string> }[] = [
    {
      key: 'f-date-orders',
      label: 'orders created in March 2024',
      from: '/api/orders?',
      set: { filters: '{"createdAt":"2024-03"}' },
    },
    {
      key: 'f-date-attachments',
      label: 'attachments created in March 2024',
      from: '/api/attachements?',
      set: { filters: '{"createdAt":"2024-03"}' },
    },
    {
      key: 'f-contains-orders',
      label: 'orders agency contains "occitanie"',
      from: '/api/orders?',
      set: { filters: '{"agencyName":"occitanie"}' },
    },
    {
      key: 'f-contains-reference',
      label: 'orders reference contains "2023-001"',
      from: '/api/orders?',
      set: { filters: '{"reference":"2023-001"}' },
    },
    {
      key: 'f-contains-attachments',
      label: 'attachments order reference contains "BM-00042-"',
      from: '/api/attachements?',
      set: { filters: '{"orderReference":"BM-00042-"}' },
    },
    { key: 'f-deep-orders', label: 'orders page 10,000 (offset 500,000)', from: '/api/orders?', set: { page: '10000' } },
    {
      key: 'f-deep-attachments',
      label: 'attachments page 10,000 (offset 500,000)',
      from: '/api/attachements?',
      set: { page: '10000' },
    },
  ];
  const result: TargetScenario[] = [];
  for (const variant of variants) {
    const origin = base(variant.from);
    if (!origin) {
      continue;
    }
    const url = new URL(origin.url, 'http://bench');
    for (const [name, value] of Object.entries(variant.set)) {
      url.searchParams.set(name, value);
    }
    result.push({
      ...origin,
      key: variant.key,
      group: 'filters',
      label: `${variant.label} (All, default sort, totals)`,
      url: `${url.pathname}?${url.searchParams.toString()}`,
      steps: [],
      target: 50,
      connections: 1,
    });
  }
  return result;
}

type Measured = {
  scenario: TargetScenario;
  load: LoadFigures | null;
  statements: RecordedStatement[];
  error?: string;
  direct?: DirectFigures;
};

async function measureTarget(app: AppProcess, tokens: Record<string, string>, scenario: TargetScenario): Promise<Measured> {
  const token = tokens[scenario.user] ?? '';
  const url = `${app.base}${scenario.url}`;
  const request = { url, token, method: scenario.method as 'GET' | 'POST', body: scenario.body };
  const timed = async () => {
    const before = performance.now();
    const reply = await fetch(url, {
      method: scenario.method,
      headers: { authorization: `Bearer ${token}`, ...(scenario.body ? { 'content-type': 'application/json' } : {}) },
      body: scenario.body,
    });
    return { status: reply.status, text: await reply.text(), ms: performance.now() - before };
  };
  const { result: response, statements } = await recordSql(app, timed);
  if (response.status < 200 || response.status >= 300) {
    console.warn(`(${scenario.key}) ${response.status} ${response.text.slice(0, 300)}`);
    return { scenario, load: null, statements, error: `${response.status}` };
  }
  process.stdout.write(`(${scenario.key}) ${scenario.connections} connection(s)… `);
  let figures: LoadFigures;
  if (response.ms > SLOW_MS && scenario.connections === 1) {
    // a request of a second or more: a load run would hold a handful of responses (or none); timed
    // SLOW_SAMPLES times one after the other instead (the recorded one counts)
    const times = [response.ms];
    const started = performance.now();
    // beyond ten seconds the one recorded response stands alone
    const samples = response.ms > 10_000 ? 1 : SLOW_SAMPLES;
    for (let attempt = 1; attempt < samples; attempt += 1) {
      const again = await timed();
      if (again.status >= 200 && again.status < 300) {
        times.push(again.ms);
      }
    }
    figures = figuresOf(times, samples - times.length, (performance.now() - started) / 1000);
  } else {
    await load(request, scenario.connections, WARMUP);
    await drain(app);
    figures = await load(request, scenario.connections, DURATION);
    await drain(app);
  }
  console.log(`p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, ${rate(figures.requestsPerSecond)} req/s`);
  return { scenario, load: figures, statements };
}

async function measureWrittenLoad(
  app: AppProcess,
  token: string,
  scenario: WrittenScenario,
  expected: DirectFigures | undefined,
): Promise<{ scenario: WrittenScenario; load: LoadFigures }[]> {
  const query = 'criteria' in scenario ? { ...scenario.criteria, ...scenario.query } : scenario.query;
  const url = `${app.base}${scenario.path}?${new URLSearchParams(query).toString()}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    throw new Error(`(${scenario.key}) ${response.status} ${await response.text()}`);
  }
  const body = (await response.json()) as { content?: Record<string, unknown>[]; totalElements?: number; id?: unknown };
  // a detail answers the record itself: one row, its id
  const reply = body.content
    ? { content: body.content, totalElements: body.totalElements }
    : { content: [body as Record<string, unknown>], totalElements: 1 };
  const ids = reply.content.slice(0, 5).map((row) => Number(row.id));
  if (expected && (reply.totalElements !== expected.total || ids.join() !== expected.firstIds.join())) {
    console.warn(
      `(${scenario.key}) the API answered ${reply.totalElements} rows [${ids.join()}], the direct SQL ${expected.total} [${expected.firstIds.join()}]`,
    );
  }
  const results: { scenario: WrittenScenario; load: LoadFigures }[] = [];
  for (const connections of [...new Set([1, CONNECTIONS])]) {
    process.stdout.write(`(${scenario.key}) ${scenario.label}, ${connections} connection(s)… `);
    await load({ url, token }, connections, WARMUP);
    await drain(app);
    const figures = await load({ url, token }, connections, DURATION);
    await drain(app);
    console.log(`p50 ${ms(figures.p50)} ms, ${rate(figures.requestsPerSecond)} req/s`);
    results.push({ scenario, load: figures });
  }
  return results;
}

async function adminPrincipal(handle: DatabaseHandle) {
  const [adminUser] = await rows(handle, sql`SELECT id FROM users WHERE uid = 'admin'`);
  const admin = await createPrincipalLoader(handle.db).get(Number(adminUser?.id));
  if (!admin) {
    throw new Error('no active admin user');
  }
  return admin;
}

async function main(): Promise<void> {
  const target = benchTarget(ROWS);
  const postgresUrl = target.options.kind === 'postgres' ? target.options.url : null;
  const loadAtStart = os.loadavg()[0] ?? 0;
  const startedAt = new Date();
  console.log(`ISF benchmark: ${target.location}, ${ROWS.toLocaleString('en-US')} generated projects`);

  // 1. the data set, the plans, the written scenarios' direct SQL
  let handle = await openBenchDatabase(target, ROWS);
  const captured = readCaptured();
  let dataset = '';
  let manager: BenchUser;
  let targets: TargetScenario[] = [];
  let written: WrittenScenario[] = [];
  let movePlans: MovePlan[] = [];
  const writtenDirect = new Map<string, DirectFigures>();
  try {
    const info = await ensureDataset(handle, ROWS);
    dataset =
      `${info.projects.toLocaleString('en-US')} projects, ${info.users.toLocaleString('en-US')} generated users, ` +
      `${info.prestations.toLocaleString('en-US')} prestations, ${info.orders.toLocaleString('en-US')} orders, ` +
      `${info.attachments.toLocaleString('en-US')} attachments, ${info.statements.toLocaleString('en-US')} statements`;
    console.log(`data set: ${dataset}${info.generatedNow ? ` (generated in ${formatDuration(info.generationSeconds)})` : ''}`);
    manager = await ensureManagerLogin(handle);
    const all = capturedScenarios(captured, await mappedNodeId(handle, captured));
    const firstOrders = all.find(
      (scenario) => scenario.user === 'admin' && scenario.steps.includes('orders') && scenario.url.startsWith('/api/orders?'),
    );
    targets = [
      ...all
        .filter((scenario) => scenario.method === 'GET')
        .map((scenario) => ({
          ...scenario,
          group: 'captured',
          label: `${scenario.user === 'admin' ? 'admin' : 'manager'}: ${scenario.steps.join(', ')}`,
          connections: 1,
        })),
      ...filterScenarios(all),
      ...(firstOrders
        ? [
            {
              ...firstOrders,
              key: 'concurrent-orders',
              group: 'concurrent',
              label: `default orders page (admin's first request), ${CONCURRENT_CONNECTIONS} connections`,
              target: 100,
              connections: CONCURRENT_CONNECTIONS,
              errorsAllowed: 0,
            },
          ]
        : []),
    ].filter((scenario) => selected(scenario.key, scenario.group));
    written = (await listScenarios(handle)).filter((scenario) => selected(scenario.key, 'lists'));
    if (groupSelected('moves')) {
      // one more item than measured: the first one's moves are recorded, not timed
      movePlans = await planMoves(handle, MOVES + 1);
    }
    if (written.length > 0) {
      const admin = await adminPrincipal(handle);
      console.log(`direct SQL of the written list scenarios: median of ${SQL_RUNS} runs…`);
      for (const scenario of written) {
        writtenDirect.set(scenario.key, await measureWritten(handle, scenario, admin));
      }
    }
  } finally {
    await handle.close();
  }

  // 2. the app
  console.log('starting the app…');
  const app = await startApp(ROWS);
  const measured: Measured[] = [];
  const writtenResults: { scenario: WrittenScenario; load: LoadFigures }[] = [];
  let moves: MoveResult[] = [];
  let csv: Omit<CsvFigures, 'psqlSeconds'> | null = null;
  const csvCaptured: CapturedRequest | undefined = csvRequest(
    captured.users.find((user) => user.login === 'admin')?.steps.flatMap((step) => step.requests) ?? [],
  );
  try {
    const tokens: Record<string, string> = {
      admin: await login(app.base, ADMIN.login, ADMIN.password),
      manager: await login(app.base, manager.login, manager.password),
    };
    for (const scenario of targets) {
      measured.push(await measureTarget(app, tokens, scenario));
    }
    for (const scenario of written) {
      writtenResults.push(...(await measureWrittenLoad(app, tokens.admin ?? '', scenario, writtenDirect.get(scenario.key))));
    }
    if (groupSelected('csv') && csvCaptured) {
      console.log('CSV export of every order…');
      csv = await measureAppExport(app, tokens.admin ?? '', csvCaptured);
      console.log(
        `  ${csv.rows.toLocaleString('en-US')} rows in ${csv.appSeconds.toFixed(1)} s, RSS +${megabytes(csv.peakBytes - csv.idleBytes)}`,
      );
    }
    if (movePlans.length > 0) {
      console.log(`workflow moves: ${MOVES} items of each kind, out and back, one at a time…`);
      moves = await measureMoves(app, tokens.admin ?? '', movePlans);
      for (const move of moves) {
        console.log(
          `(${move.key}) p50 ${ms(move.load.p50)} ms, p95 ${ms(move.load.p95)} ms, ${move.load.failures} failed ${move.errors.join(' | ')}`,
        );
      }
    }
  } finally {
    await stopApp(app);
  }

  // 3. the recorded SQL, directly
  handle = await openBenchDatabase(target, ROWS);
  const replay = replayer(handle, postgresUrl);
  let psqlSeconds = Number.NaN;
  try {
    console.log(`replaying the recorded SQL directly: median of ${SQL_RUNS} runs…`);
    for (const entry of measured) {
      if (entry.statements.length > 0) {
        entry.direct = await replay.replay(entry.statements).catch((error: unknown) => {
          console.warn(`(${entry.scenario.key}) replay failed: ${String(error).slice(0, 200)}`);
          return undefined;
        });
      }
    }
    for (const move of moves) {
      const [out, back] = move.recorded;
      const figures = await Promise.all(
        [out, back].map((statements) =>
          statements && statements.length > 0 ? replay.replay(statements).catch(() => undefined) : undefined,
        ),
      );
      (move as MoveResult & { direct?: number }).direct = Math.max(...figures.map((figure) => figure?.both ?? Number.NaN));
    }
    if (csv && csvCaptured && postgresUrl) {
      console.log('psql \\copy of the same rows…');
      psqlSeconds = await measurePsqlCopy(postgresUrl, csvCaptured);
    }
  } finally {
    await replay.close();
    await handle.close();
  }

  // 4. the report
  const kind = target.kind === 'pglite' ? 'PGlite (in-process, one connection)' : 'PostgreSQL (pg pool of 10)';
  const context =
    `${kind}: ${dataset}; ${os.cpus().length} cores, Node ${process.version}; ${DURATION} s per run after ${WARMUP} s warm-up; ` +
    `direct SQL: median of ${SQL_RUNS}; 1-min load average ${loadAtStart.toFixed(1)} at start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at end; ` +
    `started ${startedAt.toISOString().slice(0, 16)} UTC`;
  const targetHeader = ['key', 'request', 'conn', 'p50 ms', 'p95 ms', 'n', 'errors', 'SQL ms', 'stmts', 'target', 'result'];
  const targetBody: string[][] = measured.map(({ scenario, load: figures, direct, error }) => {
    const failures = figures?.failures ?? 0;
    const errorsOk = scenario.errorsAllowed === undefined || failures <= scenario.errorsAllowed;
    const result = figures ? (verdict(figures.p95, scenario.target) === 'pass' && errorsOk ? 'pass' : 'FAIL') : `FAIL (${error})`;
    return [
      scenario.key,
      scenario.group === 'captured' ? scenario.label : `${scenario.label}: ${decodeURIComponent(scenario.url)}`,
      String(scenario.connections),
      ms(figures?.p50 ?? Number.NaN),
      ms(figures?.p95 ?? Number.NaN),
      String(figures?.responses ?? 0),
      String(failures),
      ms(direct?.both ?? Number.NaN),
      String(direct?.statements ?? '–'),
      `p95 ≤ ${scenario.target} ms${scenario.errorsAllowed === 0 ? ', 0 errors' : ''}`,
      result,
    ];
  });
  for (const move of moves as (MoveResult & { direct?: number })[]) {
    targetBody.push([
      move.key,
      move.label,
      '1',
      ms(move.load.p50),
      ms(move.load.p95),
      String(move.load.responses),
      String(move.load.failures),
      ms(move.direct ?? Number.NaN),
      String(move.recorded.map((statements) => statements.length).join('+')),
      'p95 ≤ 30 ms',
      move.load.responses > 0 && move.load.failures === 0 ? verdict(move.load.p95, 30) : 'FAIL',
    ]);
  }
  if (csv) {
    const ratio = csv.appSeconds / psqlSeconds;
    const above = csv.peakBytes - csv.idleBytes;
    targetBody.push([
      'csv',
      `CSV export of every order (${csv.rows.toLocaleString('en-US')} rows, ${megabytes(csv.bytes)}): app ${csv.appSeconds.toFixed(1)} s, psql \\copy ${psqlSeconds.toFixed(1)} s (×${ratio.toFixed(2)}); RSS idle ${megabytes(csv.idleBytes)}, peak ${megabytes(csv.peakBytes)}`,
      '1',
      '–',
      '–',
      '1',
      csv.status === 200 ? '0' : String(csv.status),
      ms(psqlSeconds * 1000),
      '–',
      '≤ 2× psql, RSS ≤ +200 MB',
      !Number.isFinite(ratio)
        ? 'no psql (PGlite)'
        : ratio <= 2 && above <= 200 * 1024 * 1024 && csv.status === 200
          ? 'pass'
          : `FAIL (×${ratio.toFixed(2)}, +${megabytes(above)})`,
    ]);
  }
  const refused = refusedScreens(captured, 'cdp');
  const notes =
    `Users: admin; manager = ${manager.label}, replaying what the demo \`cdp\` sent` +
    (refused.length > 0 ? ` (screens a project manager is not offered: ${refused.join(', ')})` : '') +
    '. p50/p95: nearest rank over every 2xx response time; SQL ms: the statements the app sent for one such request, ' +
    'replayed directly (overlapping ones together), median; stmts: how many.';
  console.log(`\n${context}\n`);
  console.log(table(targetHeader, targetBody));
  console.log(notes);

  const writtenHeader = [
    'key',
    'scenario',
    'matched',
    'conn',
    'p50 ms',
    'p95 ms',
    'req/s',
    'n',
    'SQL ms',
    'page ms',
    'count ms',
    'p50/SQL',
  ];
  const writtenBody = writtenResults.map(({ scenario, load: figures }) => {
    const direct = writtenDirect.get(scenario.key);
    return [
      scenario.key,
      scenario.label,
      (direct?.total ?? 0).toLocaleString('en-US'),
      String(figures.connections),
      ms(figures.p50),
      ms(figures.p95),
      rate(figures.requestsPerSecond),
      String(figures.responses),
      ms(direct?.both ?? Number.NaN),
      ms(direct?.page ?? Number.NaN),
      ms(direct?.count ?? Number.NaN),
      direct ? (figures.p50 / direct.both).toFixed(2) : '–',
    ];
  });
  if (writtenBody.length > 0) {
    console.log(`\n${table(writtenHeader, writtenBody)}`);
    console.log('written list scenarios: SQL ms = page + count built by the list engine, sent together as runList does.');
  }
  mkdirSync(outDirectory, { recursive: true });
  const report = [
    context,
    '',
    markdownTable(targetHeader, targetBody),
    '',
    notes,
    ...(writtenBody.length > 0 ? ['', markdownTable(writtenHeader, writtenBody)] : []),
    '',
  ].join('\n');
  writeFileSync(path.join(outDirectory, 'last-run.md'), report);
  console.log(`\n(also written to ${path.relative(path.dirname(outDirectory), path.join(outDirectory, 'last-run.md'))})`);
}

await main();
