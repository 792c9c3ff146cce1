import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { imputations, markets, orders, projects, workflowNodes, workflowTokens } from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, inject, login, uniqueName } from './helper.js';
import { createOrder, demoMarkets, marketWithBpu, pricesOf } from './orders-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

/** A new imputation of the market's project; returns its id and the project's. */
async function newImputation(marketId: number) {
  const [owner] = await db
    .select({ projectId: markets.projectId, code: projects.code })
    .from(markets)
    .innerJoin(projects, eq(projects.id, markets.projectId))
    .where(eq(markets.id, marketId));
  const [imputation] = await db
    .insert(imputations)
    .values({ projectId: Number(owner?.projectId), eotp: `${owner?.code}-${uniqueName('E')}` })
    .returning({ id: imputations.id });
  return { imputationId: Number(imputation?.id), projectId: Number(owner?.projectId) };
}

async function countersOf(projectId: number, imputationId: number) {
  const reply = await inject(app, { method: 'GET', url: `/api/project/${projectId}/imputations`, token: admin });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ id: number }[]>().find((candidate) => candidate.id === imputationId);
}

async function placeOrder(orderId: number, nodeCode: string, total: string) {
  await db.update(orders).set({ total }).where(eq(orders.id, orderId));
  const [node] = await db.select({ id: workflowNodes.id }).from(workflowNodes).where(eq(workflowNodes.code, nodeCode));
  await db
    .update(workflowTokens)
    .set({ nodeId: Number(node?.id) })
    .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, orderId)));
}

// the paid attachments take a dozen workflow moves: slow when the runner is busy
describe("an imputation's counters", { timeout: 60_000 }, () => {
  it('count the validated or closed orders charged to it, and their total before tax', async () => {
    const [market] = await demoMarkets(db);
    const [owner] = await db
      .select({ projectId: markets.projectId, code: projects.code })
      .from(markets)
      .innerJoin(projects, eq(projects.id, markets.projectId))
      .where(eq(markets.id, Number(market?.id)));
    const [imputation] = await db
      .insert(imputations)
      .values({ projectId: Number(owner?.projectId), eotp: `${owner?.code}-${uniqueName('E')}` })
      .returning({ id: imputations.id });
    const charged = { imputation: imputation?.id };
    const [validated, closed, draft, other] = [
      await createOrder(app, db, admin, Number(market?.id), charged),
      await createOrder(app, db, admin, Number(market?.id), charged),
      await createOrder(app, db, admin, Number(market?.id), charged),
      await createOrder(app, db, admin, Number(market?.id)),
    ];
    await placeOrder(validated, 'os_validated', '1234.56');
    await placeOrder(closed, 'os_closed', '100.04');
    await placeOrder(draft, 'os_draft', '999.99');
    await placeOrder(other, 'os_validated', '5000.00');
    expect(
      await db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, [validated, closed, draft])),
    ).toHaveLength(3);

    const reply = await inject(app, { method: 'GET', url: `/api/project/${owner?.projectId}/imputations`, token: admin });
    expect(reply.statusCode, reply.body).toBe(200);
    const row = reply.json<{ id: number }[]>().find((candidate) => candidate.id === imputation?.id);
    expect(row).toMatchObject({
      nbOsValidatedOrClosed: 2,
      totalOsValidatedOrClosed: '1334.60',
      nbAttachementPayed: 0,
      totalAttachementPayed: '0.00',
    });
  });

  it('count the paid attachments of the orders charged to it, and their total before tax', async () => {
    const market = await marketWithBpu(app, db, admin);
    const fx = attachmentFixtures(app, db, () => admin);
    const [price] = await pricesOf(db, market.bpuId);
    const { imputationId, projectId } = await newImputation(market.marketId);
    const [charged, uncharged] = [await fx.validatedOrder(market, ['20']), await fx.validatedOrder(market, ['20'])];
    await db.update(orders).set({ imputationId }).where(eq(orders.id, charged));
    expect(await countersOf(projectId, imputationId)).toMatchObject({ nbAttachementPayed: 0, totalAttachementPayed: '0.00' });

    /** An attachment of the order moved along to this node; returns its amount. */
    const attachmentAt = async (
      order: number,
      quantity: string,
      node: 'att_validated' | 'att_prepared_for_payment' | 'att_paid',
    ) => {
      const id = await fx.attachment(order);
      const saved = await fx.saveLines(id, [{ prestation: Number(price?.prestation), quantity }]);
      expect(saved.statusCode, saved.body).toBe(200);
      await fx.validate(id);
      if (node !== 'att_validated') {
        expect((await fx.move('attachement', id, 'att_to_prepared', 'att_prepared_for_payment')).statusCode).toBe(200);
      }
      if (node === 'att_paid') {
        expect((await fx.move('attachement', id, 'att_to_paid', 'att_paid')).statusCode).toBe(200);
      }
      return String(saved.json().record.amount);
    };
    const paid = [await attachmentAt(charged, '1.5', 'att_paid'), await attachmentAt(charged, '2', 'att_paid')];
    await attachmentAt(charged, '3', 'att_prepared_for_payment');
    await attachmentAt(charged, '4', 'att_validated');
    await attachmentAt(uncharged, '5', 'att_paid');

    const total = paid.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
    expect(total.isZero()).toBe(false);
    expect(await countersOf(projectId, imputationId)).toMatchObject({
      nbOsValidatedOrClosed: 1,
      nbAttachementPayed: 2,
      totalAttachementPayed: total.toFixed(2),
    });
  });
});
