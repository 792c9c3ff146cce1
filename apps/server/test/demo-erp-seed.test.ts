import type { OracleProjectSyncSummary } from '@isf/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markets, oracleProjects, oracleTasks, orders, projects } from '../src/db/schema/index.js';
import { ORACLE_PROJECT_FIXTURES } from '../src/integrations/erp/oracle-fixtures.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return inject(testApp.app, { method, url, token: admin, payload });
}

async function projectId(code: string): Promise<number> {
  const [row] = await testApp.db.select({ id: projects.id }).from(projects).where(eq(projects.code, code));
  return Number(row?.id);
}

/** The demo orders (this file creates its own only in the last test) with their ERP project and task. */
function demoOrders() {
  return testApp.db
    .select({
      id: orders.id,
      projectId: orders.projectId,
      marketId: orders.marketId,
      oracleProjectId: orders.oracleProjectId,
      oracleTaskId: orders.oracleTaskId,
      oracleProjectOf: oracleProjects.projectId,
      taskProjectId: oracleTasks.oracleProjectId,
    })
    .from(orders)
    .leftJoin(oracleProjects, eq(oracleProjects.id, orders.oracleProjectId))
    .leftJoin(oracleTasks, eq(oracleTasks.id, orders.oracleTaskId))
    .orderBy(asc(orders.id));
}

describe('demo data: Oracle projects and the orders charged to them', () => {
  it('holds what a first « Synchroniser avec Oracle » of the demo business units stores, attached to the demo projects', async () => {
    for (const [code, businessUnit] of [
      ['P01-BOR-1', 'BU Nouvelle-Aquitaine'],
      ['P02-TOU-1', 'BU Occitanie'],
    ] as const) {
      const response = await send('POST', `/api/oracle/project/${await projectId(code)}/sync`);
      expect(response.statusCode, response.body).toBe(200);
      const { summary } = response.json<{ summary: OracleProjectSyncSummary }>();
      const expected = ORACLE_PROJECT_FIXTURES.filter((project) => project.BusinessUnitName === businessUnit).length;
      expect(summary.projects).toEqual({ received: expected, created: 0, updated: 0, unchanged: expected });
      expect(summary.tasks).toMatchObject({ created: 0, updated: 0, unchanged: summary.tasks.received });
      expect(summary.tasks.received).toBeGreaterThan(0);
    }
    const attached = async (code: string) =>
      (await send('GET', `/api/project/${await projectId(code)}/oracleprojects`))
        .json<{ number: string }[]>()
        .map((row) => row.number);
    expect(await attached('P01-BOR-1')).toEqual(['PRJ-33-FTTH-2022']);
    expect(await attached('P01-BOR-2')).toEqual(['PRJ-33-RACC-2023']);
    expect(await attached('P02-TOU-1')).toEqual(['PRJ-31-FTTH-2022']);
    expect(await attached('P02-TOU-2')).toEqual(['PRJ-31-RACC-2023']);
    // a project without business unit has none
    expect(await attached('P03-PAU-1')).toEqual([]);
  });

  it('puts every demo market on a project with Oracle projects', async () => {
    const rows = await testApp.db
      .selectDistinct({ marketId: markets.id, oracleProjectId: oracleProjects.id })
      .from(markets)
      .leftJoin(oracleProjects, eq(oracleProjects.projectId, markets.projectId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.oracleProjectId !== null)).toBe(true);
  });

  it('charges every demo order to an Oracle project of its project and a task of that Oracle project', async () => {
    const rows = await demoOrders();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(row.oracleProjectId, `order ${row.id}`).not.toBeNull();
      expect(row.oracleTaskId, `order ${row.id}`).not.toBeNull();
      expect(row.taskProjectId, `order ${row.id}`).toBe(row.oracleProjectId);
      expect(row.oracleProjectOf, `order ${row.id}`).toBe(row.projectId);
    }
    const [first] = rows;
    const detail = (await send('GET', `/api/order/${first?.id}`)).json();
    expect(detail).toMatchObject({
      oracleProjectName: 'FTTH Gironde – déploiement tranche 1',
      oracleTaskName: expect.any(String),
    });
  });

  it('saves a demo order as it is, and creates an order on a demo market with its project’s ERP project and task', async () => {
    const [first] = await demoOrders();
    const order = (await send('GET', `/api/order/${first?.id}`)).json();
    const saved = await send('PUT', `/api/order/${first?.id}`, order);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record).toMatchObject({ oracleProject: first?.oracleProjectId, oracleTask: first?.oracleTaskId });

    const created = await send('POST', '/api/order/create', {
      name: 'Raccordement rue des Lilas',
      market: first?.marketId,
      oracleProject: first?.oracleProjectId,
      oracleTask: first?.oracleTaskId,
      follower: order.follower,
      endDate: '2026-12-31',
    });
    expect(created.statusCode, created.body).toBe(200);
    const detail = (await send('GET', `/api/order/${created.json().id}`)).json();
    expect(detail).toMatchObject({ oracleProjectName: order.oracleProjectName, oracleTaskName: order.oracleTaskName });
  });
});
