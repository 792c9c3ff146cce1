import type { DashboardNode, ListReply, RunningOrderRow, RunningOrdersAmount } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { userProjects, workflowTokens } from '../src/db/schema/index.js';
import type { WorkItemKind } from '../src/modules/workflow/index.js';
import { projectScope } from '../src/platform/scope.js';
import { actingAs, createTestApp, inject } from './helper.js';
import { expectStatus, grant, newProjectItem, newTestToken, nodesOf, seededWorkflow, testWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const workflow = await testWorkflow(app, db);

afterAll(async () => {
  await testApp.close();
});

async function get<Reply>(token: string, url: string): Promise<Reply> {
  const response = await inject(app, { method: 'GET', url, token });
  expectStatus(response, 200);
  return response.json<Reply>();
}

describe('GET /dashboard/nodes', () => {
  it('lists the nodes the role sees with the tokens in scope and the tasks, and hides the others', async () => {
    const manager = await actingAs(testApp, { visibility: 2 });
    const review = workflow.node('test_review');
    await grant(db, manager.roleId, {
      nodes: [workflow.node('test_draft'), review],
      transitions: [workflow.transition('test_approve')],
    });
    const mine = await newTestToken(db, { nodeId: review });
    // out of the manager's projects: counted for nobody here
    await newTestToken(db, { nodeId: review });
    await db.insert(userProjects).values({ userId: manager.userId, projectId: mine.projectId });
    // a second item of the manager's, on the draft node, where they have nothing to do
    const draft = await newTestToken(db);
    await db.insert(userProjects).values({ userId: manager.userId, projectId: draft.projectId });

    const nodes = await get<DashboardNode[]>(manager.token, '/api/dashboard/nodes');
    expect(nodes.map((node) => node.nodeCode)).toEqual(['test_draft', 'test_review']);
    expect(nodes.find((node) => node.nodeCode === 'test_review')).toMatchObject({
      workflowId: workflow.id,
      workflowName: 'Workflow de test',
      nodeId: review,
      count: 1,
      haveToDo: 1,
    });
    expect(nodes.find((node) => node.nodeCode === 'test_draft')).toMatchObject({ count: 1, haveToDo: 0 });
  });

  it('answers an empty list to a role that sees no node', async () => {
    const stranger = await actingAs(testApp);
    expect(await get<DashboardNode[]>(stranger.token, '/api/dashboard/nodes')).toEqual([]);
  });
});

const orders = await seededWorkflow(db, 'service_order');
const orderNodes = await nodesOf(db, orders.id);

describe('the running orders', () => {
  let caller: Awaited<ReturnType<typeof actingAs>>;

  async function orderOn(code: string, inScope: boolean) {
    const projectId = await newProjectItem(db);
    await db.insert(workflowTokens).values({
      workflowId: orders.id,
      nodeId: orderNodes.get(code) ?? 0,
      entityName: 'order',
      entityId: projectId,
    });
    if (inScope) {
      await db.insert(userProjects).values({ userId: caller.userId, projectId });
    }
    return projectId;
  }

  it('counts nothing for a caller who may not read orders (the orders module registers the order kind)', async () => {
    caller = await actingAs(testApp, { visibility: 2 });
    await orderOn('os_validated', true);
    expect(await get<RunningOrdersAmount>(caller.token, '/api/dashboard/runningorders/amount')).toEqual({
      count: 0,
      amount: '0.00',
    });
    expect((await get<ListReply<RunningOrderRow>>(caller.token, '/api/dashboard/runningorders')).totalElements).toBe(0);
  });

  it('lists the validated orders in scope and sums the amount the order kind gives', async () => {
    // a stand-in for the orders module: orders are projects here, each worth 1 234,56
    const orderKind: WorkItemKind = {
      entity: 'order',
      scope: (principal, entityId) => projectScope(principal, entityId),
      label: (entityId) => sql`(SELECT p.name FROM projects p WHERE p.id = ${entityId})`,
      amount: () => sql`1234.56::numeric`,
    };
    app.workflow.registry.registerKind(orderKind);
    const running = await orderOn('os_validated', true);
    await orderOn('os_validated', false);
    await orderOn('os_validation_sst', true);

    const amount = await get<RunningOrdersAmount>(caller.token, '/api/dashboard/runningorders/amount');
    expect(amount).toEqual({ count: 2, amount: '2469.12' });
    const list = await get<ListReply<RunningOrderRow>>(caller.token, '/api/dashboard/runningorders?size=10');
    expect(list.totalElements).toBe(2);
    expect(list.content[0]).toMatchObject({ entityId: running, nodeName: 'Validée', amount: '1234.56' });
    expect(list.content[0]?.label).toMatch(/^Projet workflow/);
  });
});
