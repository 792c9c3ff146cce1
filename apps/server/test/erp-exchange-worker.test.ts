import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tasks } from '../src/db/schema/index.js';
import { erpFixtures, erpTestConfig, purchaseOrdersOf, startOracleSimulator } from './erp-exchange-fixtures.js';
import { createTestApp, login, SERVER_DATABASE_URL, type TestApp } from './helper.js';
import { marketWithBpu } from './orders-fixtures.js';
import { until, workerProcesses } from './worker-processes.js';

/**
 * A worker process killed with SIGKILL in the middle of a send. Worker processes need PostgreSQL (the
 * embedded database allows one process): this file runs on DATABASE_URL, or on the local server.
 */

let testApp: TestApp;
let admin: string;
let oracle: Awaited<ReturnType<typeof startOracleSimulator>>;

/** `npm run worker` on this file's database and the test's simulator. */
const workers = workerProcesses(() => ({
  DATABASE_URL: testApp.databaseUrl ?? '',
  ERP_URL: oracle.url,
  ERP_USERNAME: 'isf',
  ERP_PASSWORD: 'simulateur',
  JOB_POLL_SECONDS: '0.5',
}));
const startWorker = (environment: Record<string, string>) => workers.start(environment);

beforeAll(async () => {
  oracle = await startOracleSimulator();
  // the API takes no job: the worker processes do; an attempt lost for 4 s is retried
  testApp = await createTestApp(
    { ...erpTestConfig(oracle.url), jobWorker: false, erpSendExpireSeconds: 4 },
    { serverUrl: SERVER_DATABASE_URL },
  );
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await workers.stopAll();
  await testApp?.close();
  await oracle?.close();
});

describe('a worker killed in the middle of a send', () => {
  it('leaves exactly one ERP order once the job runs again in another worker', async () => {
    expect(testApp.databaseUrl).toBeDefined();
    const fx = erpFixtures(testApp.app, testApp.db, () => admin);
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const id = await fx.draftOrder(market, ['6', '2']);
    await fx.toSubcontractor(id);
    const [order] = await testApp.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, id));
    const reference = order?.reference ?? '';

    // the ERP takes its time to answer: the first worker is killed once the order is submitted in the ERP
    oracle.switches.answerDelayMs = 1_500;
    const first = startWorker({});
    const moved = await fx.move('order', id, 'os_to_validated', 'os_validated');
    expect(moved.statusCode, moved.body).toBe(200);
    await until(
      () => purchaseOrdersOf(oracle.simulator, reference),
      (found) => found.some((erpOrder) => erpOrder.StatusCode === 'OPEN'),
      60_000,
      'the order submitted in the ERP',
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const [stranded] = await testApp.db.select().from(orders).where(eq(orders.id, id));
    expect(stranded).toMatchObject({ oracleId: null, oracleStatus: 'PROCESSING' });

    // another worker: pg-boss expires the lost attempt, retries it, and the ERP is asked before creating
    oracle.switches.answerDelayMs = 0;
    startWorker({ JOB_MAINTENANCE_SECONDS: '1' });
    const done = await until(
      async () => (await testApp.db.select().from(orders).where(eq(orders.id, id)))[0],
      (row) => row?.oracleStatus === 'SUCCESS',
      90_000,
      'the order recorded as sent',
    );
    const erpOrders = purchaseOrdersOf(oracle.simulator, reference);
    expect(erpOrders).toHaveLength(1);
    expect(done).toMatchObject({ oracleId: erpOrders[0]?.OrderNumber, locked: true });
    // the task row is written after the order's: wait for it to end as well
    const task = await until(
      async () =>
        (
          await testApp.db
            .select()
            .from(tasks)
            .where(and(eq(tasks.kind, 'erp-order-send'), eq(tasks.objectId, id)))
            .orderBy(asc(tasks.id))
        )[0],
      (row) => row?.status === 'SUCCESS',
      30_000,
      'the send task ended',
    );
    expect(task?.status).toBe('SUCCESS');
    expect(task?.attempts).toBe(2);
    expect(task?.events.map((event) => event.name)).toContain('Déjà dans Oracle');
  }, 300_000);
});
