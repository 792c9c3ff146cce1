import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, login, type TestApp } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let market: { marketId: number; bpuId: number };
let fx: ReturnType<typeof attachmentFixtures>;
let prices: { prestation: number; cost: string }[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  market = await marketWithBpu(testApp.app, testApp.db, admin);
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  prices = await pricesOf(testApp.db, market.bpuId);
});

afterAll(async () => {
  await testApp?.close();
});

/** An attachment of the order with this quantity of the BPU's first prestation; returns its id and amount. */
async function attached(order: number, quantity: string) {
  const id = await fx.attachment(order);
  const saved = await fx.saveLines(id, [{ prestation: Number(prices[0]?.prestation), quantity }]);
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, amount: String(saved.json().record.amount) };
}

// a dozen workflow moves: slow when the runner is busy
describe('GET /api/order/{id} alreadyInvoiced (spec 2 "Service order detail")', { timeout: 60_000 }, () => {
  it('sums the amounts of the validated, prepared and paid attachments, and nothing else', async () => {
    const order = await fx.validatedOrder(market, ['40']);
    expect((await fx.detail(await fx.attachment(order))).amount).toBe('0.00');
    expect((await fx.json(await fx.send('GET', `/api/order/${order}`))).alreadyInvoiced).toBe('0.00');

    const validated = await attached(order, '1.5');
    await fx.validate(validated.id);
    const prepared = await attached(order, '2');
    await fx.validate(prepared.id);
    expect((await fx.move('attachement', prepared.id, 'att_to_prepared', 'att_prepared_for_payment')).statusCode).toBe(200);
    const paid = await attached(order, '3');
    await fx.validate(paid.id);
    expect((await fx.move('attachement', paid.id, 'att_to_prepared', 'att_prepared_for_payment')).statusCode).toBe(200);
    expect((await fx.move('attachement', paid.id, 'att_to_paid', 'att_paid')).statusCode).toBe(200);
    const draft = await attached(order, '4');
    const refused = await attached(order, '5');
    await fx.refuse(refused.id);
    const submitted = await attached(order, '6');
    expect((await fx.move('attachement', submitted.id, 'att_submit_to_cdp', 'att_validating')).statusCode).toBe(200);
    expect(Number(draft.amount)).toBeGreaterThan(0);

    const expected = [validated, prepared, paid].reduce((sum, one) => sum.plus(one.amount), new Decimal(0)).toFixed(2);
    expect(new Decimal(expected).isZero()).toBe(false);
    const detail = await fx.json(await fx.send('GET', `/api/order/${order}`));
    expect(detail.alreadyInvoiced).toBe(expected);
    // another order's attachments count for that order only
    const other = await fx.validatedOrder(market, ['1']);
    expect((await fx.json(await fx.send('GET', `/api/order/${other}`))).alreadyInvoiced).toBe('0.00');
  });
});
