import {
  ATTACHMENT_LINE_DUPLICATE_MESSAGE,
  ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE,
  ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE,
  ATTACHMENT_ORDER_REQUIRED_MESSAGE,
  ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE,
  ATTACHMENT_RELEASE_DATE_SUCCESS,
  ORDER_QUANTITY_INVALID_MESSAGE,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachmentLines, attachments, markets, orders, prestationPrices } from '../src/db/schema/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { attachmentSuite } from './attachment-suite.js';
import { actingAs, countRows } from './helper.js';
import { createOrder, demoMarkets, marketWithBpu } from './orders-fixtures.js';

const suite = attachmentSuite({ sst: true });
const { send, price, lineTotal } = suite;

describe('attachment creation (spec 2 §5)', () => {
  it('creates an attachment on a validated order, numbered after the order, on the draft node', async () => {
    const order = await suite.fx.validatedOrder(suite.market);
    const orderDetail = await suite.fx.json(await send('GET', `/api/order/${order}`));
    expect(orderDetail.lastAttachment).toBeNull();
    const created = await send('POST', '/api/attachement', { order, observation: '  Semaine 12 ', isDGD: true });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ success: true, reference: `${orderDetail.reference}-A001` });
    const detail = await suite.fx.detail(created.json().id);
    expect(detail).toMatchObject({
      reference: `${orderDetail.reference}-A001`,
      observation: 'Semaine 12',
      isDGD: true,
      amount: '0.00',
      totalRg: '0.00',
      depositUsed: '0.00',
      order,
      orderTotal: orderDetail.total,
      oracleStatus: 'NOT_AVAILABLE',
      editable: true,
      statusWF: { nodeCode: 'att_draft' },
      checks: { attachmentsTotal: '0.00', lastOtherPresentedAt: null, agencyMissing: false },
    });
    const second = await suite.fx.attachment(order);
    expect((await suite.fx.detail(second)).reference).toBe(`${orderDetail.reference}-A002`);
    expect((await suite.fx.detail(second)).checks.lastOtherPresentedAt).not.toBeNull();
    const lastAttachment = (await suite.fx.json(await send('GET', `/api/order/${order}`))).lastAttachment;
    expect(Date.now() - new Date(lastAttachment.createdAt).getTime()).toBeLessThan(60_000);
    const listed = await suite.fx.json(await send('GET', `/api/order/${order}/attachements`));
    expect(listed.map((row: { reference: string }) => row.reference)).toEqual([
      `${orderDetail.reference}-A001`,
      `${orderDetail.reference}-A002`,
    ]);
    expect(listed[0]).toMatchObject({ amount: '0.00', isDGD: true, statusWF: { nodeCode: 'att_draft' }, monthlyStatement: null });
  });

  it('numbers concurrent creations on one order uniquely', async () => {
    const order = await suite.fx.validatedOrder(suite.market);
    const responses = await Promise.all(Array.from({ length: 5 }, () => send('POST', '/api/attachement', { order })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
    const references = responses.map((response) => response.json().reference as string).sort();
    expect(references.map((reference) => reference.slice(-4))).toEqual(['A001', 'A002', 'A003', 'A004', 'A005']);
  });

  it('refuses no order, an order not validated and an order out of scope, and writes nothing', async () => {
    const before = await countRows(suite.db, attachments);
    const missing = await send('POST', '/api/attachement', { observation: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: ATTACHMENT_ORDER_REQUIRED_MESSAGE, fields: { order: expect.any(String) } });
    const draft = await createOrder(suite.app, suite.db, suite.admin, suite.market.marketId);
    const notValidated = await send('POST', '/api/attachement', { order: draft });
    expect(notValidated.statusCode).toBe(422);
    expect(notValidated.json().error).toBe(ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE);
    const other = (await demoMarkets(suite.db))[1];
    const otherOrder = await createOrder(suite.app, suite.db, suite.admin, other?.id ?? 0);
    const outOfScope = await send('POST', '/api/attachement', { order: otherOrder }, suite.sst);
    expect(outOfScope.statusCode).toBe(400);
    expect((await send('POST', '/api/attachement', { order: 'abc' })).statusCode).toBe(400);
    expect(await countRows(suite.db, attachments)).toBe(before);
  });
});

describe('lines, amount and retention (DESIGN §6)', () => {
  it('stores the sum of the rounded lines, the RG at the market rate and the net amount', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10', '4']);
    const id = await suite.fx.attachment(order);
    // an ordered prestation, and one of the BPU the order does not hold (BPU price)
    const saved = await suite.fx.saveLines(id, [
      { prestation: price(0).prestation, quantity: '2,5' },
      { prestation: price(2).prestation, quantity: '1' },
      { prestation: price(1).prestation, quantity: '0' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const amount = lineTotal(0, '2.5').plus(lineTotal(2, '1'));
    const rg = amount.times(5).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(saved.json().record).toMatchObject({
      amount: amount.toFixed(2),
      totalRg: rg.toFixed(2),
      rgRate: '5.00',
      netAmount: amount.minus(rg).toFixed(2),
      retention: { type: 'basic', marketType: 'basic', rate: '5.00' },
    });
    expect(await countRows(suite.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(2);
    // zero removes an existing line
    const removed = await suite.fx.saveLines(id, [{ prestation: price(2).prestation, quantity: '0' }]);
    expect(removed.json().record.amount).toBe(lineTotal(0, '2.5').toFixed(2));
    expect(await countRows(suite.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(1);
  });

  it('keeps the price a line was attached at', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(3).prestation, quantity: '1' }]);
    const before = (await suite.fx.detail(id)).amount;
    await suite.db
      .update(prestationPrices)
      .set({ cost: '999.99' })
      .where(and(eq(prestationPrices.bpuId, suite.market.bpuId), eq(prestationPrices.prestationId, price(3).prestation)));
    await suite.fx.saveLines(id, [{ prestation: price(3).prestation, quantity: '2' }]);
    expect((await suite.fx.detail(id)).amount).toBe(new Decimal(before).times(2).toFixed(2));
    await suite.db
      .update(prestationPrices)
      .set({ cost: price(3).cost })
      .where(and(eq(prestationPrices.bpuId, suite.market.bpuId), eq(prestationPrices.prestationId, price(3).prestation)));
  });

  it('refuses a duplicate, an unknown prestation and an invalid quantity, writing nothing', async () => {
    const order = await suite.fx.validatedOrder(suite.market);
    const id = await suite.fx.attachment(order);
    const version = (await suite.fx.detail(id)).version;
    const put = (prestationAttachements: object[]) =>
      send('PUT', `/api/attachement/${id}`, { version, observation: null, isDGD: false, prestationAttachements });
    const duplicate = await put([
      { prestation: price(0).prestation, quantity: '1' },
      { prestation: price(0).prestation, quantity: '2' },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toBe(ATTACHMENT_LINE_DUPLICATE_MESSAGE);
    const unknown = await put([{ prestation: 2_000_000, quantity: '1' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE);
    const invalid = await put([{ prestation: price(0).prestation, quantity: '1,3' }]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(ORDER_QUANTITY_INVALID_MESSAGE);
    expect(await countRows(suite.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(0);
    const stale = await send('PUT', `/api/attachement/${id}`, { version: version + 5, observation: null, isDGD: false });
    expect(stale.statusCode).toBe(409);
  });

  it('applies the market retention type: not applicable, with threshold below and above it, or the order’s choice', async () => {
    const own = await marketWithBpu(suite.app, suite.db, suite.admin);
    const order = await suite.fx.validatedOrder(own, ['10']);
    const orderTotal = (await suite.fx.json(await send('GET', `/api/order/${order}`))).total as string;
    const id = await suite.fx.attachment(order);
    const setMarket = (values: Partial<typeof markets.$inferInsert>) =>
      suite.db.update(markets).set(values).where(eq(markets.id, own.marketId));
    const rgAfterSave = async () => {
      const saved = await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json().record;
    };
    const expectedRg = (rate: string) =>
      lineTotal(0, '1').times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

    await setMarket({ depositType: 'notApplicable', rgRate: null, threshold: null });
    expect(await rgAfterSave()).toMatchObject({ totalRg: '0.00', rgRate: null, rgReleaseDate: null });

    await setMarket({ depositType: 'withThreshold', rgRate: '7.5', threshold: new Decimal(orderTotal).plus(1).toFixed(2) });
    expect(await rgAfterSave()).toMatchObject({ totalRg: '0.00', retention: { type: 'withThreshold' } });

    await suite.db.update(orders).set({ depositType: 'basic' }).where(eq(orders.id, order));
    expect(await rgAfterSave()).toMatchObject({ totalRg: expectedRg('7.5'), rgRate: '7.50', retention: { type: 'basic' } });

    await suite.db.update(orders).set({ depositType: null }).where(eq(orders.id, order));
    await setMarket({ threshold: orderTotal });
    expect(await rgAfterSave()).toMatchObject({ totalRg: expectedRg('7.5') });
  });

  it('dates the RG release from the order, and lets the financial option change it', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    expect((await suite.fx.detail(id)).rgReleaseDate).toBeNull();
    await suite.db.update(orders).set({ deliveryDate: '2024-02-29' }).where(eq(orders.id, order));
    expect((await suite.fx.detail(id)).rgReleaseDate).toBe('2025-02-28');
    await suite.db.update(orders).set({ releaseDate: '2027-06-30' }).where(eq(orders.id, order));
    expect((await suite.fx.detail(id)).rgReleaseDate).toBe('2027-06-30');

    const changed = await send('PUT', `/api/attachement/${id}/warranties/releaseDate`, { releaseDate: '2027-09-15' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, message: ATTACHMENT_RELEASE_DATE_SUCCESS });
    expect((await suite.fx.detail(id)).rgReleaseDate).toBe('2027-09-15');
    expect(
      (await send('GET', `/api/order/${order}/attachements`)).json().find((row: { id: number }) => row.id === id).rgReleaseDate,
    ).toBe('2027-09-15');

    const invalid = await send('PUT', `/api/attachement/${id}/warranties/releaseDate`, { releaseDate: '15/09/2027' });
    expect(invalid.statusCode).toBe(400);
    const withoutOption = await actingAs(suite.testApp, { ...ALL_RIGHTS, options: [], visibility: 1 });
    const refused = await send(
      'PUT',
      `/api/attachement/${id}/warranties/releaseDate`,
      { releaseDate: '2028-01-01' },
      withoutOption.token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE);
  });
});
