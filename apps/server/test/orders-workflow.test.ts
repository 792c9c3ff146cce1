import {
  MARKET_CANNOT_BE_DEACTIVATED_MESSAGE,
  ORDER_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE,
  ORDER_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE,
  ORDER_EMITTER_ONLY_INTERNAL_MESSAGE,
  ORDER_EMITTER_REQUIRED_MESSAGE,
  REFUSAL_COMMENT_MESSAGE,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workflowNodes, workflows } from '../src/db/schema/index.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { createOrder, marketWithBpu, oracleProjectWithTask, pricesOf } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

async function detail(id: number) {
  const response = await send('GET', `/api/order/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Moves an order's token along the link of this code to this node; returns the reply. */
async function move(id: number, code: string, toNode: string, comment?: string) {
  const token = (await send('GET', `/api/wftoken/order/${id}`)).json();
  const transitions = (await send('GET', `/api/node/${token.node.id}/transitions/${id}`)).json();
  const [target] = await testApp.db
    .select({ id: workflowNodes.id })
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(and(eq(workflows.objectName, 'order'), eq(workflowNodes.code, toNode)));
  const transition = transitions.find(
    (entry: { transitionCode: string; toNode: number }) => entry.transitionCode === code && entry.toNode === target?.id,
  );
  expect(transition, `${code} → ${toNode} from ${token.node.nodeCode}`).toBeDefined();
  return send('POST', `/api/wftoken/move/${token.id}/${transition.id}`, { comment, version: token.version });
}

async function setEngagement(amount: string) {
  await testApp.db.update(users).set({ engagement: amount }).where(eq(users.uid, 'admin'));
}

/** An order with one line of `quantity` on its BPU's first prestation. */
async function orderWithTotal(marketId: number, bpuId: number, quantity: string, overrides: Record<string, unknown> = {}) {
  const id = await createOrder(testApp.app, testApp.db, admin, marketId, overrides);
  const [price] = await pricesOf(testApp.db, bpuId);
  const order = await detail(id);
  const saved = await send('PUT', `/api/order/${id}`, { ...order, prestationOSs: [{ prestation: price?.prestation, quantity }] });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

describe('order workflow (docs/decisions.md "Reference workflows")', () => {
  it('routes beyond the CDP engagement to amount validation and refuses the direct link', async () => {
    const { marketId, bpuId } = await marketWithBpu(testApp.app, testApp.db, admin);
    const id = await orderWithTotal(marketId, bpuId, '100');
    const total = (await detail(id)).total;
    expect(Number(total)).toBeGreaterThan(10);
    await setEngagement('10.00');
    try {
      expect((await move(id, 'os_submit_to_cdp', 'os_validation_cdp')).statusCode).toBe(200);
      const direct = await move(id, 'os_submit_to_sst', 'os_validation_sst');
      expect(direct.statusCode).toBe(422);
      expect(direct.body).toContain(ORDER_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE);
      const viaAmount = await move(id, 'os_submit_to_sst', 'os_validation_amount');
      expect(viaAmount.statusCode, viaAmount.body).toBe(200);
      expect((await detail(id)).statusWF.nodeCode).toBe('os_validation_amount');
      expect((await detail(id)).sentSST).toBe(false);
      expect((await move(id, 'os_submit_to_sst', 'os_validation_sst')).statusCode).toBe(200);
      expect((await detail(id)).sentSST).toBe(true);
    } finally {
      await setEngagement('1000000');
    }
  });

  it('sends an order within the engagement straight to the subcontractor, never through amount validation', async () => {
    const { marketId, bpuId } = await marketWithBpu(testApp.app, testApp.db, admin);
    const id = await orderWithTotal(marketId, bpuId, '1');
    expect((await move(id, 'os_submit_to_cdp', 'os_validation_cdp')).statusCode).toBe(200);
    const viaAmount = await move(id, 'os_submit_to_sst', 'os_validation_amount');
    expect(viaAmount.statusCode).toBe(422);
    expect(viaAmount.body).toContain(ORDER_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE);
    expect((await move(id, 'os_submit_to_sst', 'os_validation_sst')).statusCode).toBe(200);
  });

  it('needs a 5-character comment to return to draft', async () => {
    const { marketId, bpuId } = await marketWithBpu(testApp.app, testApp.db, admin);
    const id = await orderWithTotal(marketId, bpuId, '1');
    await move(id, 'os_submit_to_cdp', 'os_validation_cdp');
    const refused = await move(id, 'os_refused_cdp', 'os_draft', 'non');
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(REFUSAL_COMMENT_MESSAGE);
    expect((await move(id, 'os_refused_cdp', 'os_draft', 'Quantités à revoir')).statusCode).toBe(200);
  });

  it('wants the emitter project and task before validated for an internal payment type, then queues the ERP send', async () => {
    const { marketId, bpuId } = await marketWithBpu(testApp.app, testApp.db, admin, 'payment_internal');
    const id = await orderWithTotal(marketId, bpuId, '1');
    await move(id, 'os_submit_to_cdp', 'os_validation_cdp');
    await move(id, 'os_submit_to_sst', 'os_validation_sst');
    const refused = await move(id, 'os_to_validated', 'os_validated');
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(ORDER_EMITTER_REQUIRED_MESSAGE);
    expect((await detail(id)).oracleStatus).toBe('NOT_AVAILABLE');

    const emitter = await oracleProjectWithTask(testApp.db);
    const other = await oracleProjectWithTask(testApp.db);
    const incomplete = await send('PUT', `/api/order/${id}/emitter`, { project: emitter.project });
    expect(incomplete.statusCode).toBe(400);
    const mismatch = await send('PUT', `/api/order/${id}/emitter`, { project: emitter.project, task: other.task });
    expect(mismatch.statusCode).toBe(400);
    const saved = await send('PUT', `/api/order/${id}/emitter`, { project: emitter.project, task: emitter.task });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record).toMatchObject({ oracleEmitterProject: emitter.project, oracleEmitterTask: emitter.task });
    const validated = await move(id, 'os_to_validated', 'os_validated');
    expect(validated.statusCode, validated.body).toBe(200);
    // the validation sends the order to the ERP (modules/erp-exchange, tested in erp-exchange.test.ts)
    const validatedOrder = await detail(id);
    expect(validatedOrder).toMatchObject({ statusWF: { nodeCode: 'os_validated' }, erpSend: { taskId: expect.any(Number) } });
    expect(validatedOrder.oracleStatus).not.toBe('NOT_AVAILABLE');
  });

  it('sends a transfer-paid order to the ERP without asking for emitter fields', async () => {
    const { marketId, bpuId } = await marketWithBpu(testApp.app, testApp.db, admin);
    const id = await orderWithTotal(marketId, bpuId, '1');
    await move(id, 'os_submit_to_cdp', 'os_validation_cdp');
    await move(id, 'os_submit_to_sst', 'os_validation_sst');
    const emitter = await oracleProjectWithTask(testApp.db);
    const refused = await send('PUT', `/api/order/${id}/emitter`, { project: emitter.project, task: emitter.task });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(ORDER_EMITTER_ONLY_INTERNAL_MESSAGE);
    expect((await move(id, 'os_to_validated', 'os_validated')).statusCode).toBe(200);
    expect((await detail(id)).erpSend).toMatchObject({ taskId: expect.any(Number) });
  });

  it('keeps a market with an order in progress from being deactivated', async () => {
    const { marketId, bpuId } = await marketWithBpu(testApp.app, testApp.db, admin);
    const id = await orderWithTotal(marketId, bpuId, '1');
    expect((await send('GET', `/api/market/${marketId}`)).json().canBeDeactivated).toBe(false);
    const refused = await send('PUT', `/api/market/${marketId}/deactivate`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(MARKET_CANNOT_BE_DEACTIVATED_MESSAGE);
    expect((await move(id, 'os_canceled_draft', 'os_canceled', 'Commande en double')).statusCode).toBe(200);
    expect((await send('GET', `/api/market/${marketId}`)).json().canBeDeactivated).toBe(true);
    expect((await send('PUT', `/api/market/${marketId}/deactivate`)).statusCode).toBe(200);
  });
});
