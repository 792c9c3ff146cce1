import type { ListReply, MarketToValidateRow, OrderToValidateRow } from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { markets, orders, workflowTokens } from '../src/db/schema/index.js';
import { actingAs, createTestApp, inject, login, userIdOf } from './helper.js';
import { createOrder, demoMarkets } from './orders-fixtures.js';
import { delegate, expectStatus, nodesOf, seededWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');
const projectManager = await login(app, 'cdp', 'cdp');
const subcontractor = await login(app, 'sst', 'sst');
const accountant = await login(app, 'comptable', 'comptable');
const orderNodes = await nodesOf(db, (await seededWorkflow(db, 'service_order')).id);
const marketNodes = await nodesOf(db, (await seededWorkflow(db, 'subcontractor_market')).id);
// 0: the subcontractor's agency, on one of its projects; 1: another agency, on a project the subcontractor shares
const [ownMarket, otherAgencyMarket] = await demoMarkets(db);

afterAll(async () => {
  await testApp.close();
});

const ORDERS = '/api/dashboard/orderstovalidate';
const MARKETS = '/api/dashboard/marketstovalidate';

async function page<Row>(token: string, url: string, query: Record<string, string> = {}): Promise<ListReply<Row>> {
  const response = await inject(app, { method: 'GET', url, token, query });
  expectStatus(response, 200);
  return response.json<ListReply<Row>>();
}

async function orderIds(token: string): Promise<number[]> {
  return (await page<OrderToValidateRow>(token, ORDERS, { size: '100' })).content.map((row) => row.id);
}

/** A new order of the market whose token (and the node stored on the order) is put straight on an order node. */
async function orderOn(marketId: number, nodeCode: string): Promise<number> {
  const id = await createOrder(app, db, admin, marketId);
  const nodeId = orderNodes.get(nodeCode) ?? 0;
  await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, id)));
  await db.update(orders).set({ wfNodeId: nodeId }).where(eq(orders.id, id));
  return id;
}

/** The demo orders whose token stands on a node, by id. */
async function demoOrdersOn(nodeCode: string): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(workflowTokens, and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, orders.id)))
    .where(eq(workflowTokens.nodeId, orderNodes.get(nodeCode) ?? 0));
  return rows.map((row) => row.id).sort((left, right) => left - right);
}

describe('GET /dashboard/orderstovalidate', () => {
  it('gives the subcontractor the orders awaiting its acceptance, with step, amount, agency, project and date', async () => {
    const [awaiting] = await demoOrdersOn('os_validation_sst');
    const reply = await page<OrderToValidateRow>(subcontractor, ORDERS);
    expect(reply.totalElements).toBe(1);
    const [row] = reply.content;
    const [stored] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, awaiting ?? 0));
    expect(row).toMatchObject({
      id: awaiting,
      reference: stored?.reference,
      name: stored?.name,
      marketId: ownMarket?.id,
      marketEdifice: ownMarket?.edifice,
      nodeId: orderNodes.get('os_validation_sst'),
      nodeName: 'Validation sous-traitant',
      nodeCode: 'os_validation_sst',
      agencyId: ownMarket?.agencyId,
      amount: stored?.total,
    });
    expect(row?.amount).toMatch(/^\d+\.\d{2}$/);
    expect(Number(row?.amount)).toBeGreaterThan(0);
    expect(row?.agencyName).toEqual(expect.any(String));
    expect(row?.projectName).toEqual(expect.any(String));
    expect(row?.since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("never shows a subcontractor another agency's order, even on a project it shares", async () => {
    const foreign = await orderOn(otherAgencyMarket?.id ?? 0, 'os_validation_sst');
    const own = await orderOn(ownMarket?.id ?? 0, 'os_validation_sst');
    const seen = await orderIds(subcontractor);
    expect(seen).toContain(own);
    expect(seen).not.toContain(foreign);
    expect(await orderIds(admin)).toEqual(expect.arrayContaining([own, foreign]));
  });

  it('gives the project manager the orders of its projects it moves forward, not those awaiting the subcontractor', async () => {
    const seen = await orderIds(projectManager);
    const expected = [
      ...(await demoOrdersOn('os_draft')),
      ...(await demoOrdersOn('os_validation_cdp')),
      ...(await demoOrdersOn('os_validated')),
    ];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(expect.arrayContaining(expected));
    for (const id of await demoOrdersOn('os_validation_sst')) {
      expect(seen).not.toContain(id);
    }
    const steps = (await page<OrderToValidateRow>(projectManager, ORDERS, { size: '100' })).content.map((row) => row.nodeCode);
    expect(new Set(steps)).toEqual(new Set(['os_draft', 'os_validation_cdp', 'os_validated']));
  });

  it('gives the administrator every order it may move forward, the longest waiting first, ten a page by default', async () => {
    for (let index = 0; index < 6; index += 1) {
      await createOrder(app, db, admin, ownMarket?.id ?? 0);
    }
    const first = await page<OrderToValidateRow>(admin, ORDERS);
    expect(first.totalElements).toBeGreaterThan(10);
    expect(first.content).toHaveLength(10);
    const since = first.content.map((row) => Date.parse(row.since));
    expect(since).toEqual([...since].sort((left, right) => left - right));
    const second = await page<OrderToValidateRow>(admin, ORDERS, { page: '1' });
    expect(second.content.map((row) => row.id)).not.toContain(first.content[0]?.id);
    // a closed order is nobody's task: reopening it is no forward move
    expect(await orderIds(admin)).not.toContain(await orderOn(ownMarket?.id ?? 0, 'os_closed'));
  });

  it('sums the amounts when asked (the subcontractor dashboard total)', async () => {
    const reply = await page<OrderToValidateRow>(subcontractor, ORDERS, { summary: 'true', size: '100' });
    const total = reply.content.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
    expect(reply.summary?.amount).toBe((total / 100).toFixed(2));
  });

  it('includes the orders of someone who delegated to the caller today', async () => {
    const delegateUser = await actingAs(testApp, { read: ['order'], visibility: 1 });
    expect(await orderIds(delegateUser.token)).toEqual([]);
    await delegate(db, await userIdOf(db, 'sst'), delegateUser.userId, 0, 1);
    expect(await orderIds(delegateUser.token)).toEqual(await orderIds(subcontractor));
  });

  it('answers 401 without a session and 403 without the read right on orders', async () => {
    expectStatus(await inject(app, { method: 'GET', url: ORDERS }), 401);
    expectStatus(await inject(app, { method: 'GET', url: ORDERS, token: await login(app, 'lecteur', 'lecteur') }), 403);
    const noOrders = await actingAs(testApp, { read: ['subcontractor_market'] });
    expectStatus(await inject(app, { method: 'GET', url: ORDERS, token: noOrders.token }), 403);
  });

  it('refuses a malformed page or an unknown sort column with a French message', async () => {
    const badSize = await inject(app, { method: 'GET', url: ORDERS, token: admin, query: { size: 'abc' } });
    expectStatus(badSize, 400);
    expect(badSize.json()).toMatchObject({
      error: 'Données invalides.',
      fields: { size: 'La taille de page doit être un entier.' },
    });
    const badSort = await inject(app, { method: 'GET', url: ORDERS, token: admin, query: { sort: 'secret,asc' } });
    expectStatus(badSort, 400);
    expect(badSort.json()).toMatchObject({ detail: 'La colonne secret ne peut pas être triée.' });
  });
});

describe('GET /dashboard/marketstovalidate', () => {
  async function marketIds(token: string): Promise<number[]> {
    return (await page<MarketToValidateRow>(token, MARKETS, { size: '100' })).content.map((row) => row.id);
  }

  it('gives the accountant the markets pending accounting validation, with step, DC4 amount, agency and project', async () => {
    const reply = await page<MarketToValidateRow>(accountant, MARKETS);
    expect(reply.content.map((row) => row.id)).toContain(otherAgencyMarket?.id);
    const row = reply.content.find((candidate) => candidate.id === otherAgencyMarket?.id);
    const [stored] = await db
      .select()
      .from(markets)
      .where(eq(markets.id, otherAgencyMarket?.id ?? 0));
    expect(row).toMatchObject({
      edifice: otherAgencyMarket?.edifice,
      nodeId: marketNodes.get('sst_pending_accounting_validation'),
      nodeName: 'En attente de validation comptable',
      agencyId: otherAgencyMarket?.agencyId,
      projectId: stored?.projectId,
      amount: stored?.maxAmountDc4,
    });
    expect(reply.content.every((candidate) => candidate.nodeCode === 'sst_pending_accounting_validation')).toBe(true);
  });

  it('gives the administrator the drafts too (it holds every link), and the project manager and the subcontractor nothing to do', async () => {
    const drafts = await db
      .select({ id: workflowTokens.entityId })
      .from(workflowTokens)
      .where(
        and(eq(workflowTokens.entityName, 'subcontractor_market'), eq(workflowTokens.nodeId, marketNodes.get('sst_draft') ?? 0)),
      );
    expect(drafts.length).toBeGreaterThan(0);
    expect(await marketIds(admin)).toEqual(expect.arrayContaining([otherAgencyMarket?.id, ...drafts.map((draft) => draft.id)]));
    expect(await marketIds(projectManager)).toEqual([]);
    expect(await marketIds(subcontractor)).toEqual([]);
  });

  it('answers 401 without a session and 403 without the read right on markets', async () => {
    expectStatus(await inject(app, { method: 'GET', url: MARKETS }), 401);
    expectStatus(await inject(app, { method: 'GET', url: MARKETS, token: await login(app, 'valideur', 'valideur') }), 403);
  });
});
