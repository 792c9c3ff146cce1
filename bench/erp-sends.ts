/**
 * Order sends through the queue to the Oracle simulator answering in 200 ms: orders per second and p95
 * from the subcontractor's validation to SUCCESS, with 4 worker processes on PostgreSQL (docs/performance.md).
 * Small data: the demo database plus ERP_BENCH_ORDERS orders (default 200). Needs a PostgreSQL server
 * (BENCH_POSTGRES_URL, default the local one); creates and drops a database of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '@isf/server/src/app.js';
import { loadConfig } from '@isf/server/src/config.js';
import { openDatabase } from '@isf/server/src/db/client.js';
import { buildOracleErpSimulator } from '@isf/server/src/integrations/erp/oracle-simulator.js';
import { seedDemoData } from '@isf/server/src/seed/demo.js';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const orderCount = Number(process.env.ERP_BENCH_ORDERS ?? 200);
const workerCount = Number(process.env.ERP_BENCH_WORKERS ?? 4);
const latencyMs = Number(process.env.ERP_BENCH_LATENCY_MS ?? 200);
const serverDirectory = path.resolve(import.meta.dirname, '../apps/server');

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const name = `isf_bench_erp_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const simulator = buildOracleErpSimulator({ latencyMs });
const erpUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
const workers: ChildProcess[] = [];
try {
  await database.migrate();
  await seedDemoData(database.db);
  const config = {
    ...loadConfig({}),
    databaseUrl,
    webDistDir: undefined,
    logLevel: 'silent',
    jobWorker: false,
    erpUrl,
    erpUsername: 'isf',
    erpPassword: 'simulateur',
  };
  const app = await buildApp({ config, database });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'admin' } });
  const token = login.json<{ token: string }>().token;
  const call = async (method: 'GET' | 'POST' | 'PUT', route: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url: route,
      payload: payload as object,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) {
      throw new Error(`${method} ${route}: ${response.statusCode} ${response.body}`);
    }
    return response.json();
  };
  const move = async (entity: string, id: number, code: string) => {
    const current = await call('GET', `/api/wftoken/${entity}/${id}`);
    const transitions: { id: number; transitionCode: string }[] = await call(
      'GET',
      `/api/node/${current.node.id}/transitions/${id}`,
    );
    const transition = transitions.find((entry) => entry.transitionCode === code);
    return call('POST', `/api/wftoken/move/${current.id}/${transition?.id}`, { version: current.version });
  };

  // the orders: copies of a demo order waiting for the subcontractor (ERP project and task of the simulator)
  const template = (
    (await database.db.execute(sql`SELECT o.id FROM orders o JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
      JOIN workflow_nodes n ON n.id = t.node_id WHERE n.code = 'os_validation_sst' AND o.oracle_task_id IS NOT NULL ORDER BY o.id LIMIT 1`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0];
  if (!template) {
    throw new Error('no demo order waiting for the subcontractor');
  }
  const source = await call('GET', `/api/order/${template.id}`);
  const lines = (
    (await database.db.execute(
      sql`SELECT prestation_id AS prestation, quantity::text AS quantity FROM order_lines WHERE order_id = ${template.id} ORDER BY id`,
    )) as unknown as {
      rows: { prestation: number; quantity: string }[];
    }
  ).rows;
  process.stdout.write(`preparing ${orderCount} orders...\n`);
  const ids: number[] = [];
  for (let index = 0; index < orderCount; index += 1) {
    const created = await call('POST', '/api/order/create', {
      name: `Banc ERP ${index}`,
      market: source.market,
      oracleProject: source.oracleProject,
      oracleTask: source.oracleTask,
      endDate: '2027-12-31',
      follower: source.follower,
    });
    const order = await call('GET', `/api/order/${created.id}`);
    await call('PUT', `/api/order/${created.id}`, { ...order, prestationOSs: lines });
    await move('order', created.id, 'os_submit_to_cdp');
    await move('order', created.id, 'os_submit_to_sst');
    ids.push(created.id);
  }

  for (let index = 0; index < workerCount; index += 1) {
    workers.push(
      spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serverDirectory,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          ERP_URL: erpUrl,
          ERP_USERNAME: 'isf',
          ERP_PASSWORD: 'simulateur',
          JOB_POLL_SECONDS: '0.5',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 8_000));

  // the subcontractor's validations, 8 at a time: each queues its send in its own transaction
  process.stdout.write(`validating ${orderCount} orders with ${workerCount} workers, Oracle answering in ${latencyMs} ms...\n`);
  const pending = [...ids];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let id = pending.shift(); id !== undefined; id = pending.shift()) {
        await move('order', id, 'os_to_validated');
      }
    }),
  );
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const [row] = (
      (await database.db.execute(sql`SELECT count(*) FILTER (WHERE status = 'SUCCESS')::int AS done, count(*)::int AS total,
        count(*) FILTER (WHERE status IN ('ERROR', 'FAILURE'))::int AS failed FROM erp_sends`)) as unknown as {
        rows: { done: number; total: number; failed: number }[];
      }
    ).rows;
    if ((row?.done ?? 0) + (row?.failed ?? 0) >= orderCount || Date.now() > deadline) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [figures] = (
    (await database.db.execute(sql`SELECT count(*)::int AS sent,
        count(*) FILTER (WHERE status <> 'SUCCESS')::int AS failed,
        EXTRACT(EPOCH FROM max(updated_at) - min(created_at))::float AS seconds,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM updated_at - created_at)) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM updated_at - created_at)) AS p95
      FROM erp_sends`)) as unknown as { rows: { sent: number; failed: number; seconds: number; p50: number; p95: number }[] }
  ).rows;
  const erpOrders = simulator.procurement.purchaseOrders.filter((order) => order.ReferenceNumber.length > 0).length;
  process.stdout.write(
    `${figures?.sent} sends (${figures?.failed} not SUCCESS), ${erpOrders} ERP orders; ` +
      `${((figures?.sent ?? 0) / (figures?.seconds ?? 1)).toFixed(1)} orders/s; validation → SUCCESS p50 ${(Number(figures?.p50) * 1000).toFixed(0)} ms, p95 ${(Number(figures?.p95) * 1000).toFixed(0)} ms\n`,
  );
  await app.close();
} finally {
  for (const worker of workers) {
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
  }
  await database.close();
  await simulator.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
