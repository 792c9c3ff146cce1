import {
  ORDER_DEPOSIT_TYPE_LOCKED_MESSAGE,
  ORDER_ERP_ALREADY_SENT_MESSAGE,
  ORDER_ERP_NOT_VALIDATED_MESSAGE,
  ORDER_ERP_SENDING_MESSAGE,
  ORDER_LOCKED_MESSAGE,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, markets, orders, workflowNodes, workflows, workflowTokens } from '../src/db/schema/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let market: { marketId: number; bpuId: number };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  market = await marketWithBpu(testApp.app, testApp.db, admin);
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

/** Puts the order's token on a node of the order workflow (the moves themselves are tested elsewhere). */
async function placeOn(orderId: number, nodeCode: string) {
  const [node] = await testApp.db
    .select({ id: workflowNodes.id })
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(and(eq(workflows.objectName, 'order'), eq(workflowNodes.code, nodeCode)));
  await testApp.db
    .update(workflowTokens)
    .set({ nodeId: node?.id ?? 0 })
    .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, orderId)));
}

async function newOrder(nodeCode: string, changes: Partial<typeof orders.$inferInsert> = {}) {
  const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
  await placeOn(id, nodeCode);
  if (Object.keys(changes).length > 0) {
    await testApp.db.update(orders).set(changes).where(eq(orders.id, id));
  }
  return id;
}

async function stored(id: number) {
  const [row] = await testApp.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('POST /oracle/order/{id}: queueing the send to the ERP', () => {
  it('accepts a validated order without ERP id (CREATED, its job queued), keeps its version and writes an audit row', async () => {
    const id = await newOrder('os_validated', { oracleStatus: 'ERROR' });
    const before = await stored(id);
    const response = await send('POST', `/api/oracle/order/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, oracleStatus: 'CREATED', taskId: expect.any(Number) });
    const after = await stored(id);
    expect(['CREATED', 'PROCESSING', 'FAILURE']).toContain(after?.oracleStatus);
    expect(after?.version).toBe(before?.version);
    expect(await countRows(testApp.db, auditLog, and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'erp_send')))).toBe(
      1,
    );
  });

  it.each([
    ['a draft', 'os_draft', {}, ORDER_ERP_NOT_VALIDATED_MESSAGE],
    ['an order waiting for the subcontractor', 'os_validation_sst', {}, ORDER_ERP_NOT_VALIDATED_MESSAGE],
    ['a closed order', 'os_closed', {}, ORDER_ERP_NOT_VALIDATED_MESSAGE],
    [
      'an order with an ERP id',
      'os_validated',
      { oracleId: 'PO-000123', oracleStatus: 'SUCCESS' },
      ORDER_ERP_ALREADY_SENT_MESSAGE,
    ],
    ['an order being created in the ERP', 'os_validated', { oracleStatus: 'CREATED' }, ORDER_ERP_SENDING_MESSAGE],
    ['an order being processed by the ERP', 'os_validated', { oracleStatus: 'PROCESSING' }, ORDER_ERP_SENDING_MESSAGE],
  ] as const)('refuses %s with 422 and changes nothing', async (_label, nodeCode, changes, message) => {
    const id = await newOrder(nodeCode, changes);
    const before = await stored(id);
    const response = await send('POST', `/api/oracle/order/${id}`);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ error: message });
    expect(await stored(id)).toEqual(before);
  });

  it('needs the order update right: a reader is refused with 403', async () => {
    const id = await newOrder('os_validated');
    const reader = await actingAs(testApp, { read: ['order', 'subcontractor_market', 'project', 'agency'] });
    const response = await send('POST', `/api/oracle/order/${id}`, undefined, reader.token);
    expect(response.statusCode).toBe(403);
    expect((await stored(id))?.oracleStatus).toBe('NOT_AVAILABLE');
  });

  it('answers 404 for an unknown order', async () => {
    expect((await send('POST', '/api/oracle/order/99999999')).statusCode).toBe(404);
  });
});

describe('PUT /order/{id}: the order retention type (spec 2 §4)', () => {
  async function thresholdMarket(threshold: string) {
    await testApp.db
      .update(markets)
      .set({ depositType: 'withThreshold', threshold, rgRate: '5' })
      .where(eq(markets.id, market.marketId));
  }

  async function orderWithLine(quantity: string) {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const [price] = await pricesOf(testApp.db, market.bpuId);
    const order = (await send('GET', `/api/order/${id}`)).json();
    const saved = await send('PUT', `/api/order/${id}`, {
      ...order,
      prestationOSs: [{ prestation: price?.prestation, quantity }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  }

  async function save(id: number, changes: Record<string, unknown>) {
    const order = (await send('GET', `/api/order/${id}`)).json();
    return send('PUT', `/api/order/${id}`, { ...order, ...changes });
  }

  it('shows the market type by default and lets an order below a with-threshold market choose its own', async () => {
    await thresholdMarket('99999999.00');
    const id = await orderWithLine('1');
    const order = (await send('GET', `/api/order/${id}`)).json();
    expect(order).toMatchObject({ depositType: 'withThreshold', marketDepositType: 'withThreshold' });
    const response = await save(id, { depositType: 'notApplicable' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().record.depositType).toBe('notApplicable');
    expect((await stored(id))?.depositType).toBe('notApplicable');
  });

  it('refuses a choice at or above the threshold, on another market type, or in subcontractor validation', async () => {
    await thresholdMarket('0.01');
    const above = await orderWithLine('1');
    const refusedAbove = await save(above, { depositType: 'notApplicable' });
    expect(refusedAbove.statusCode).toBe(422);
    expect(refusedAbove.json().error).toBe(ORDER_DEPOSIT_TYPE_LOCKED_MESSAGE);

    await thresholdMarket('99999999.00');
    const pending = await orderWithLine('1');
    await placeOn(pending, 'os_validation_sst');
    expect((await save(pending, { depositType: 'notApplicable' })).statusCode).toBe(422);

    await testApp.db.update(markets).set({ depositType: 'basic', threshold: null }).where(eq(markets.id, market.marketId));
    const basic = await orderWithLine('1');
    expect((await save(basic, { depositType: 'notApplicable' })).statusCode).toBe(422);
    expect((await stored(basic))?.depositType).toBeNull();
  });

  it('takes the unchanged type sent back with the record, even on a locked order', async () => {
    const id = await orderWithLine('1');
    await testApp.db.update(orders).set({ locked: true }).where(eq(orders.id, id));
    const response = await save(id, { observation: 'Suivi du chantier' });
    expect(response.statusCode, response.body).toBe(200);
    const refused = await save(id, { depositType: 'notApplicable' });
    expect(refused.statusCode).toBe(422);
    expect([ORDER_LOCKED_MESSAGE, ORDER_DEPOSIT_TYPE_LOCKED_MESSAGE]).toContain(refused.json().error);
  });
});
