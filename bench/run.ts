/**
 * `npm run bench`: list requests of the real app over a large data set, next to the same SQL run directly.
 *
 * 1. opens (or generates, see generate.ts) the data set: PGlite by default, PostgreSQL with DATABASE_URL;
 * 2. runs the SQL the list engine builds for each scenario directly on the database (median of N runs);
 * 3. closes it, starts the app (server.ts: buildApp on 127.0.0.1, free port) in a child process, logs in
 *    as admin and loads each scenario with autocannon (warm-up, then a bounded run) at 1 and at
 *    BENCH_CONNECTIONS connections, waiting after each run until the app has finished the requests
 *    autocannon dropped when its time was up;
 * 4. prints one table: API p50 / p95 / req/s, direct SQL median, ratio.
 *
 * Latency percentiles: autocannon's histogram has p50, p97.5 and p99 but no p95 and keeps whole
 * milliseconds; this script records every 2xx response time (ms, float) from autocannon's `response`
 * event and takes exact nearest-rank p50 and p95 from them; autocannon's own p97.5 is shown beside.
 *
 * Environment: BENCH_ROWS (1000000), BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (4),
 * BENCH_SQL_RUNS (15), BENCH_EXPLAIN=1 (print the query plans), DATABASE_URL, BENCH_DATABASE (isf_bench).
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { attachmentList } from '@isf/server/src/modules/attachments/attachments.lists.js';
import { createAttachmentService } from '@isf/server/src/modules/attachments/attachments.service.js';
import { dc4List } from '@isf/server/src/modules/budgets/dc4.lists.js';
import { odList } from '@isf/server/src/modules/budgets/od.lists.js';
import { quantitativeList } from '@isf/server/src/modules/budgets/quantitatives.lists.js';
import { budgetWarrantyList } from '@isf/server/src/modules/budgets/warranties.lists.js';
import { orderList } from '@isf/server/src/modules/orders/orders.lists.js';
import { createOrderService } from '@isf/server/src/modules/orders/orders.service.js';
import { prestationList } from '@isf/server/src/modules/price-schedules/price-schedules.lists.js';
import { projectList } from '@isf/server/src/modules/projects/projects.list.js';
import { userList } from '@isf/server/src/modules/users/users.lists.js';
import { warrantyCondition, warrantyList } from '@isf/server/src/modules/warranties/warranties.lists.js';
import { buildListStatements, isInScope, type ListDefinition, parseListQuery } from '@isf/server/src/platform/list-engine.js';
import { createPrincipalLoader, type Principal } from '@isf/server/src/platform/principal.js';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import {
  benchDirectory,
  benchTarget,
  ensureDataset,
  formatDuration,
  openBenchDatabase,
  positiveIntegerFromEnvironment,
} from './generate.js';

const ROWS = positiveIntegerFromEnvironment('BENCH_ROWS', 1_000_000);
const DURATION = positiveIntegerFromEnvironment('BENCH_DURATION', 10);
const WARMUP = positiveIntegerFromEnvironment('BENCH_WARMUP', 2);
const CONNECTIONS = positiveIntegerFromEnvironment('BENCH_CONNECTIONS', 4);
const SQL_RUNS = positiveIntegerFromEnvironment('BENCH_SQL_RUNS', 15);
/** Upper bound of one direct-SQL measurement, whatever BENCH_SQL_RUNS says. */
const SQL_BUDGET_MS = 30_000;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** BENCH_ONLY=a,u1,p1 measures only these scenarios. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter((key) => key.trim() !== '');

/**
 * A list request: `query` is the list query (page, sort, filters), `criteria` what the route turns into
 * the list's condition before it (sent to the API only: `list` already carries that condition).
 */
type ListScenario = {
  key: string;
  label: string;
  path: string;
  list: ListDefinition;
  query: Record<string, string>;
  criteria?: Record<string, string>;
};
/** A detail request; its direct counterpart runs what the route runs (scope check, then the service's read). */
type DetailScenario = {
  key: string;
  label: string;
  path: string;
  query: Record<string, string>;
  id: number;
  direct: (handle: DatabaseHandle, admin: Principal) => Promise<unknown>;
};
type Scenario = ListScenario | DetailScenario;

const page = (number: number) => ({ page: String(number), size: '50' });

/** The OD mask's usual range: one month of statements. */
const BUDGET_OD_MONTH = { startDate: '2025-06-01', endDate: '2025-06-30' };

/**
 * The measured requests. Projects (a) filter on the second project type by id order (id 2 in a fresh
 * database: FTTO, about 15 % of the rows); the id is looked up so that a database whose sequences moved
 * still gets a non-empty filter. Users and prestations: the list screens' usual requests.
 */
function scenarios(
  typeId: number,
  typeName: string,
  templateId: number,
  orderFacts: { marketId: number; marketOrders: number; orderId: number },
  attachmentFacts: { marketEdifice: string; marketAttachments: number; projectId: number; attachmentId: number },
): Scenario[] {
  const projects = { path: '/api/projects', list: projectList };
  const users = { path: '/api/users', list: userList };
  const prestations = { path: '/api/prestations', list: prestationList };
  const orders = { path: '/api/orders', list: orderList };
  const agencyFilter = { filters: JSON.stringify({ agencyName: 'occitanie' }) };
  const marketFilter = { filters: JSON.stringify({ marketId: String(orderFacts.marketId) }) };
  const attachments = { path: '/api/attachements', list: attachmentList };
  // the reference of an order starts with its market's: "BM-00004-" matches that market's orders
  const orderReferenceFilter = { filters: JSON.stringify({ orderReference: `${attachmentFacts.marketEdifice}-` }) };
  // the warranties screen's default criteria: hide the orders without RG, no selection
  const hideEmptyRg = { hideEmptyRg: 'true', hideErp: 'false' };
  const projectCriteria = { ...hideEmptyRg, projects: String(attachmentFacts.projectId) };
  const warrantiesOf = (criteria: Record<string, string>) => ({
    path: '/api/orders/warranties',
    list: {
      ...warrantyList,
      where: warrantyCondition({
        projects: criteria.projects ? criteria.projects.split(',').map(Number) : [],
        markets: [],
        subprojects: [],
        imputations: [],
        hideEmptyRg: criteria.hideEmptyRg === 'true',
        hideErp: criteria.hideErp === 'true',
      }),
    },
    criteria,
  });
  return [
    {
      key: 'a',
      label: `projects typeId=${typeId} (${typeName}), name asc, page 3`,
      ...projects,
      query: { ...page(3), sort: 'name,asc', filters: JSON.stringify({ typeId: String(typeId) }) },
    },
    { key: 'b', label: 'projects, id desc, page 3', ...projects, query: { ...page(3), sort: 'id,desc' } },
    {
      key: 'c',
      label: 'projects name contains "mérignac", name asc',
      ...projects,
      query: { ...page(0), sort: 'name,asc', filters: JSON.stringify({ name: 'mérignac' }) },
    },
    { key: 'u1', label: 'users, name asc, page 3', ...users, query: { ...page(3), sort: 'name,asc' } },
    {
      key: 'u2',
      label: 'users name contains "dupont", name asc',
      ...users,
      query: { ...page(0), sort: 'name,asc', filters: JSON.stringify({ name: 'dupont' }) },
    },
    {
      key: 'u3',
      label: 'users active, role name asc, page 3',
      ...users,
      query: { ...page(3), sort: 'roleName,asc', filters: JSON.stringify({ active: 'true' }) },
    },
    {
      key: 'p1',
      label: `prestations of template ${templateId}, description asc, page 3`,
      ...prestations,
      query: { ...page(3), sort: 'description,asc', filters: JSON.stringify({ bpuTemplateId: String(templateId) }) },
    },
    { key: 'p2', label: 'prestations, id desc, page 3', ...prestations, query: { ...page(3), sort: 'id,desc' } },
    {
      key: 'p3',
      label: 'prestations code contains "bn-0042", code asc',
      ...prestations,
      query: { ...page(0), sort: 'code,asc', filters: JSON.stringify({ code: 'bn-0042' }) },
    },
    {
      key: 'o1',
      label: 'orders agencyName contains "occitanie", reference asc',
      ...orders,
      query: { ...page(0), sort: 'reference,asc', ...agencyFilter },
    },
    {
      key: 'o2',
      label: 'orders agencyName contains "occitanie", total desc',
      ...orders,
      query: { ...page(0), sort: 'total,desc', ...agencyFilter },
    },
    {
      key: 'o3',
      label: `orders of market ${orderFacts.marketId} (${orderFacts.marketOrders} orders), total desc`,
      ...orders,
      query: { ...page(0), sort: 'total,desc', ...marketFilter },
    },
    {
      key: 'o4',
      label: `orders of market ${orderFacts.marketId}, reference asc`,
      ...orders,
      query: { ...page(0), sort: 'reference,asc', ...marketFilter },
    },
    { key: 'o5', label: 'orders, no filter, total desc', ...orders, query: { ...page(0), sort: 'total,desc' } },
    {
      key: 'at1',
      label: `attachments orderReference contains "${attachmentFacts.marketEdifice}-" (${attachmentFacts.marketAttachments}), reference asc`,
      ...attachments,
      query: { ...page(0), sort: 'reference,asc', ...orderReferenceFilter },
    },
    {
      key: 'at2',
      label: `attachments orderReference contains "${attachmentFacts.marketEdifice}-", amount desc`,
      ...attachments,
      query: { ...page(0), sort: 'amount,desc', ...orderReferenceFilter },
    },
    {
      key: 'at3',
      label: 'attachments agencyName contains "occitanie", reference asc',
      ...attachments,
      query: { ...page(0), sort: 'reference,asc', ...agencyFilter },
    },
    {
      key: 'at4',
      label: 'attachments agencyName contains "occitanie", amount desc',
      ...attachments,
      query: { ...page(0), sort: 'amount,desc', ...agencyFilter },
    },
    { key: 'at5', label: 'attachments, no filter, amount desc', ...attachments, query: { ...page(0), sort: 'amount,desc' } },
    {
      key: 'atd',
      label: `attachment detail ${attachmentFacts.attachmentId}`,
      path: `/api/attachement/${attachmentFacts.attachmentId}`,
      query: {},
      id: attachmentFacts.attachmentId,
      // what GET /api/attachement/:id runs: requireInScope (admin: no scope condition), then the service's read
      direct: async (handle, admin) => {
        await isInScope(handle.db, attachmentList, null, attachmentFacts.attachmentId);
        return createAttachmentService(handle.db).get(attachmentFacts.attachmentId, admin);
      },
    },
    {
      key: 'w1',
      label: 'warranties, hide empty RG (default screen), id desc',
      ...warrantiesOf(hideEmptyRg),
      query: { ...page(0), sort: 'id,desc' },
    },
    {
      key: 'w2',
      label: `warranties of project ${attachmentFacts.projectId}, hide empty RG, rg desc`,
      ...warrantiesOf(projectCriteria),
      query: { ...page(0), sort: 'rg,desc' },
    },
    {
      key: 'w3',
      label: `warranties of project ${attachmentFacts.projectId}, hide empty RG, reference asc`,
      ...warrantiesOf(projectCriteria),
      query: { ...page(0), sort: 'reference,asc' },
    },
    // the budget screens' first page with their totals row (docs/performance.md "Budget screens")
    {
      key: 'b1',
      label: 'budget DC4, first page with totals',
      path: '/api/budget/dc4',
      list: dc4List,
      query: { ...page(0), sort: 'id,asc', summary: 'true' },
    },
    {
      key: 'b2',
      label: 'budget OD mask, one month, first page with totals',
      path: '/api/budget/od',
      list: odList(BUDGET_OD_MONTH),
      criteria: BUDGET_OD_MONTH,
      query: { ...page(0), sort: 'statementDate,desc', summary: 'true' },
    },
    {
      key: 'b3',
      label: 'budget quantitatives, first page with totals',
      path: '/api/budget/quantitatives',
      list: quantitativeList,
      query: { ...page(0), sort: 'id,asc', summary: 'true' },
    },
    {
      key: 'b4',
      label: 'budget retentions and guarantees, first page with totals',
      path: '/api/budget/warranties',
      list: budgetWarrantyList,
      query: { ...page(0), sort: 'id,desc', summary: 'true' },
    },
    {
      key: 'od',
      label: `order detail ${orderFacts.orderId}`,
      path: `/api/order/${orderFacts.orderId}`,
      query: {},
      id: orderFacts.orderId,
      // what GET /api/order/:id runs: requireInScope (admin: no scope condition), then the service's read
      direct: async (handle) => {
        await isInScope(handle.db, orderList, null, orderFacts.orderId);
        return createOrderService(handle.db).get(orderFacts.orderId);
      },
    },
  ];
}

type Row = Record<string, unknown>;

async function rowsOf(handle: DatabaseHandle, query: SQL): Promise<Row[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The two statements runList sends for a page (same builder, same text; no summary asked; admin: no scope). */
function listStatements(scenario: ListScenario): { page: SQL; count: SQL } {
  return buildListStatements(scenario.list, parseListQuery(scenario.query), null);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], rank: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Median time of `run` over SQL_RUNS runs after two warm-up runs, within SQL_BUDGET_MS. */
async function timeMedian(run: () => Promise<unknown>): Promise<{ median: number; runs: number }> {
  await run();
  await run();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < SQL_RUNS && performance.now() - started < SQL_BUDGET_MS) {
    const before = performance.now();
    await run();
    times.push(performance.now() - before);
  }
  return { median: median(times), runs: times.length };
}

type DirectFigures = {
  total: number;
  firstIds: number[];
  /** page and count together, as runList sends them (Promise.all). */
  both: number;
  page: number;
  count: number;
  runs: number;
};

/** A detail: the same reads as the route, on the database directly (no page, no count). */
async function measureDetail(handle: DatabaseHandle, scenario: DetailScenario, admin: Principal): Promise<DirectFigures> {
  const record = (await scenario.direct(handle, admin)) as { id?: unknown };
  const timed = await timeMedian(() => scenario.direct(handle, admin));
  return {
    total: 1,
    firstIds: [Number(record.id)],
    both: timed.median,
    page: Number.NaN,
    count: Number.NaN,
    runs: timed.runs,
  };
}

async function measureDirect(handle: DatabaseHandle, scenario: Scenario, admin: Principal): Promise<DirectFigures> {
  if (!('list' in scenario)) {
    return measureDetail(handle, scenario, admin);
  }
  const statements = listStatements(scenario);
  const [pageRows, [countRow]] = await Promise.all([rowsOf(handle, statements.page), rowsOf(handle, statements.count)]);
  if (EXPLAIN) {
    for (const [name, statement] of Object.entries(statements)) {
      const plan = await rowsOf(handle, sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement}`);
      console.log(`\n(${scenario.key}) ${name} plan:\n${plan.map((row) => `  ${String(Object.values(row)[0])}`).join('\n')}`);
    }
  }
  const both = await timeMedian(() => Promise.all([rowsOf(handle, statements.page), rowsOf(handle, statements.count)]));
  const page = await timeMedian(() => rowsOf(handle, statements.page));
  const count = await timeMedian(() => rowsOf(handle, statements.count));
  if (Number(countRow?.__count ?? 0) === 0) {
    console.warn(`(${scenario.key}) matches no row: its figures mean little`);
  }
  return {
    total: Number(countRow?.__count ?? 0),
    firstIds: pageRows.slice(0, 5).map((row) => Number(row.id)),
    both: both.median,
    page: page.median,
    count: count.median,
    runs: Math.min(both.runs, page.runs, count.runs),
  };
}

// ---------------------------------------------------------------------------------------------------
// The app in a child process

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(benchDirectory, 'server.ts'), [], {
    cwd: benchDirectory,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_ROWS: String(ROWS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 120 s')), 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(Number((message as { port?: unknown }).port));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (code ${code}) before listening`));
    });
  });
  return { child, port };
}

/**
 * Waits (at most 120 s) until the app has no request in progress: a duration-bound autocannon run ends
 * by dropping its in-flight requests, whose queries would otherwise delay the next run.
 */
async function drain(child: ChildProcess): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const count = await new Promise<number>((resolve) => {
      const listener = (message: unknown) => {
        if ((message as { type?: unknown }).type === 'pending') {
          child.off('message', listener);
          resolve(Number((message as { count?: unknown }).count));
        }
      };
      child.on('message', listener);
      child.send({ type: 'pending' });
    });
    if (count === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.warn('the app still has requests in progress after 120 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  if (!response.ok) {
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return token;
}

type LoadFigures = {
  connections: number;
  p50: number;
  p95: number;
  p97_5: number;
  requestsPerSecond: number;
  responses: number;
  failures: number;
};

function load(url: string, token: string, connections: number, duration: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let failures = 0;
    const instance = autocannon(
      { url, connections, duration, headers: { authorization: `Bearer ${token}` }, timeout: 30 },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        times.sort((a, b) => a - b);
        resolve({
          connections,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p97_5: result.latency.p97_5,
          requestsPerSecond: times.length / result.duration,
          responses: times.length,
          failures: failures + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        times.push(responseTime);
      } else {
        failures += 1;
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------

function ms(value: number): string {
  if (!Number.isFinite(value)) {
    return '–';
  }
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function rate(value: number): string {
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

function table(header: string[], body: string[][]): string {
  const widths = header.map((cell, index) => Math.max(cell.length, ...body.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, index) => (index <= 1 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<void> {
  const target = benchTarget(ROWS);
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(`ISF list benchmark: ${target.location}, ${ROWS.toLocaleString('en-US')} generated projects`);
  const handle = await openBenchDatabase(target, ROWS);
  const direct = new Map<string, DirectFigures>();
  let measured: Scenario[] = [];
  let dataset = '';
  let generation = '';
  try {
    const info = await ensureDataset(handle, ROWS);
    dataset = `${info.projects.toLocaleString('en-US')} projects, ${info.users.toLocaleString('en-US')} generated users, ${info.prestations.toLocaleString('en-US')} generated prestations, ${info.orders.toLocaleString('en-US')} generated orders, ${info.attachments.toLocaleString('en-US')} generated attachments`;
    generation = info.generationSeconds > 0 ? `generated in ${formatDuration(info.generationSeconds)}` : '';
    console.log(`data set: ${dataset} (${generation || 'ready'})`);
    const [secondType] = await rowsOf(handle, sql`SELECT id, name FROM project_types ORDER BY id OFFSET 1 LIMIT 1`);
    const [template] = await rowsOf(
      handle,
      sql`SELECT id FROM bpu_templates WHERE name LIKE 'Bordereau bench %' ORDER BY name LIMIT 1`,
    );
    // the generated market holding the most orders, and an order in the middle of the generated ones
    const [bigMarket] = await rowsOf(
      handle,
      sql`SELECT market_id AS id, high - low + 1 AS orders FROM bench_order_ranges ORDER BY high - low DESC, market_id LIMIT 1`,
    );
    const [middleOrder] = await rowsOf(
      handle,
      sql`SELECT id FROM orders WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM orders) ORDER BY id LIMIT 1`,
    );
    // the generated market with the most attachments, a project of it, an attachment in the middle
    const [attachmentMarket] = await rowsOf(
      handle,
      sql`SELECT m.edifice, m.project_id AS "projectId", count(*)::int AS attachments FROM attachments att
        JOIN orders o ON o.id = att.order_id JOIN markets m ON m.id = o.market_id
        WHERE o.market_id = (SELECT market_id FROM bench_order_ranges ORDER BY high - low DESC, market_id LIMIT 1)
        GROUP BY m.edifice, m.project_id`,
    );
    const [middleAttachment] = await rowsOf(
      handle,
      sql`SELECT id FROM attachments WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM attachments) ORDER BY id LIMIT 1`,
    );
    const [adminUser] = await rowsOf(handle, sql`SELECT id FROM users WHERE uid = 'admin'`);
    const admin = await createPrincipalLoader(handle.db).get(Number(adminUser?.id));
    if (!admin) {
      throw new Error('no active admin user');
    }
    const attachmentFacts = {
      marketEdifice: String(attachmentMarket?.edifice ?? 'BM-00001'),
      marketAttachments: Number(attachmentMarket?.attachments ?? 0),
      projectId: Number(attachmentMarket?.projectId ?? 1),
      attachmentId: Number(middleAttachment?.id ?? 1),
    };
    const orderFacts = {
      marketId: Number(bigMarket?.id ?? 1),
      marketOrders: Number(bigMarket?.orders ?? 0),
      orderId: Number(middleOrder?.id ?? 1),
    };
    measured = scenarios(
      Number(secondType?.id ?? 2),
      String(secondType?.name ?? '?'),
      Number(template?.id ?? 1),
      orderFacts,
      attachmentFacts,
    ).filter((scenario) => ONLY.length === 0 || ONLY.includes(scenario.key));
    console.log(`direct SQL: median of ${SQL_RUNS} runs per statement…`);
    for (const scenario of measured) {
      direct.set(scenario.key, await measureDirect(handle, scenario, admin));
    }
  } finally {
    await handle.close();
  }

  console.log('starting the app…');
  const { child, port } = await startServer();
  const results: { scenario: Scenario; load: LoadFigures }[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);
    for (const scenario of measured) {
      const query = 'criteria' in scenario ? { ...scenario.criteria, ...scenario.query } : scenario.query;
      const url = `${base}${scenario.path}?${new URLSearchParams(query).toString()}`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) {
        throw new Error(`(${scenario.key}) ${response.status} ${await response.text()}`);
      }
      const body = (await response.json()) as { content?: Row[]; totalElements?: number; id?: unknown };
      // a detail answers the record itself: one row, its id
      const reply = body.content
        ? { content: body.content, totalElements: body.totalElements }
        : { content: [body], totalElements: 1 };
      const expected = direct.get(scenario.key);
      const ids = reply.content.slice(0, 5).map((row) => Number(row.id));
      if (expected && (reply.totalElements !== expected.total || ids.join() !== expected.firstIds.join())) {
        console.warn(
          `(${scenario.key}) the API answered ${reply.totalElements} rows [${ids.join()}], the direct SQL ${expected.total} [${expected.firstIds.join()}]`,
        );
      }
      for (const connections of [...new Set([1, CONNECTIONS])]) {
        process.stdout.write(
          `(${scenario.key}) ${scenario.label}, ${connections} connection(s): warm-up ${WARMUP} s, run ${DURATION} s… `,
        );
        await load(url, token, connections, WARMUP);
        await drain(child);
        const figures = await load(url, token, connections, DURATION);
        await drain(child);
        console.log(`p50 ${ms(figures.p50)} ms, ${rate(figures.requestsPerSecond)} req/s`);
        if (figures.failures > 0) {
          console.warn(`  ${figures.failures} failed requests`);
        }
        results.push({ scenario, load: figures });
      }
    }
  } finally {
    await stopServer(child);
  }

  const kind = target.kind === 'pglite' ? 'PGlite (in-process, one connection)' : 'PostgreSQL (pg pool of 10)';
  console.log(
    `\n${kind}: ${dataset}${generation ? `, ${generation}` : ''}; ` +
      `${os.cpus().length} cores, Node ${process.version}; ${DURATION} s per run after ${WARMUP} s warm-up; ` +
      `SQL = page + count as runList sends them, median of ${SQL_RUNS}; ` +
      `1-min load average ${loadAtStart.toFixed(1)} at start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at end`,
  );
  const header = [
    '',
    'scenario',
    'matched',
    'conn',
    'p50 ms',
    'p95 ms',
    'p97.5 (ac)',
    'req/s',
    'n',
    'SQL ms',
    'page ms',
    'count ms',
    'p50/SQL',
  ];
  const body = results.map(({ scenario, load: figures }) => {
    const sqlFigures = direct.get(scenario.key);
    return [
      scenario.key,
      scenario.label,
      (sqlFigures?.total ?? 0).toLocaleString('en-US'),
      String(figures.connections),
      ms(figures.p50),
      ms(figures.p95),
      String(figures.p97_5),
      rate(figures.requestsPerSecond),
      String(figures.responses),
      ms(sqlFigures?.both ?? Number.NaN),
      ms(sqlFigures?.page ?? Number.NaN),
      ms(sqlFigures?.count ?? Number.NaN),
      sqlFigures ? `${(figures.p50 / sqlFigures.both).toFixed(2)}` : '–',
    ];
  });
  console.log(table(header, body));
  console.log(
    'p50/p95: nearest rank over every 2xx response time (n responses); p97.5 (ac): autocannon histogram (whole ms); ' +
      'req/s = n / run time; SQL ms: page + count sent together as runList does; p50/SQL = API p50 / SQL ms.',
  );
}

await main();
