import { MONEY_COLUMN_MAX } from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestationPrices } from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
});

afterAll(async () => {
  await testApp?.close();
});

/** A quantity whose line total no money column holds (issue 11, item 6): 400 naming the field and the limit. */
describe('a line total beyond the money columns', () => {
  it('is refused on orders and attachments with the field and the limit, nothing written', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const prices = await pricesOf(testApp.db, market.bpuId);
    const priced = prices[0];
    // a price at which the largest quantity accepted (10 digits) makes a line no money column holds
    await testApp.db
      .update(prestationPrices)
      .set({ cost: '5000.00' })
      .where(and(eq(prestationPrices.bpuId, market.bpuId), eq(prestationPrices.prestationId, priced?.prestation ?? 0)));
    const order = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const current = (await inject(testApp.app, { method: 'GET', url: `/api/order/${order}`, token: admin })).json();
    const huge = '9999999999.5';
    const refused = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/order/${order}`,
      token: admin,
      payload: { ...current, prestationOSs: [{ prestation: priced?.prestation, quantity: huge }] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const limit = '999 999 999 999,99 €';
    expect(refused.body.replace(/\u00a0/g, ' ')).toContain('Le montant de la ligne');
    expect(refused.body.replace(/\u00a0/g, ' ')).toContain(limit);
    expect(Object.keys(refused.json().fields ?? {})).toContain('prestationOSs');
    const after = (await inject(testApp.app, { method: 'GET', url: `/api/order/${order}`, token: admin })).json();
    expect(after.total).toBe(current.total);

    const validated = await fx.validatedOrder(market, ['10', '4']);
    const attachment = await fx.attachment(validated);
    const line = await fx.saveLines(attachment, [{ prestation: prices[0]?.prestation ?? 0, quantity: huge }]);
    expect(line.statusCode, line.body).toBe(400);
    expect(line.body.replace(/\u00a0/g, ' ')).toContain(limit);
    expect(Object.keys(line.json().fields ?? {})).toContain('prestationAttachements');
    expect((await fx.detail(attachment)).amount).toBe('0.00');
    expect(MONEY_COLUMN_MAX).toBe('999999999999.99');
  });
});
