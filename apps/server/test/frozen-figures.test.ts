import { MARKET_VAT_LOCKED_MESSAGE, type StatementDetailRecord } from '@isf/contract';
import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTerms, paymentTypes } from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { pdfText } from './pdf-text.js';

/**
 * "A figure a person validated, paid or sent never moves because a parent was edited later" (issue 11,
 * docs/decisions.md "Figures frozen once they count"): every market field that feeds money is edited
 * after a statement was paid, and no paid or validated figure moves — the VAT regime is refused, the
 * others only reach what is still a draft.
 */

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

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  inject(testApp.app, { method, url, token: admin, payload });

async function ok<T>(response: ReturnType<typeof send>): Promise<T> {
  const done = await response;
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as T;
}

const pdfOf = async (url: string) => {
  const response = await send('POST', url, {});
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
};

type MarketRecord = Record<string, unknown> & { version: number; tva: string };
type OrderRow = { id: number; total: string; totalTTC: string };

/** Every figure of the market's order, attachments and statement that a person validated or paid. */
async function figuresOf(ids: { market: number; order: number; statement: number; attachments: number[] }) {
  const statement = await ok<StatementDetailRecord>(send('GET', `/api/situation/${ids.statement}`));
  const order = await ok<{ total: string; totalTTC: string }>(send('GET', `/api/order/${ids.order}`));
  const listed = await ok<{ content: OrderRow[] }>(
    send('GET', `/api/orders?filter=all&filters=${encodeURIComponent(JSON.stringify({ id: String(ids.order) }))}`),
  );
  const attachmentFigures = [];
  for (const id of ids.attachments) {
    const detail = await fx.detail(id);
    attachmentFigures.push({
      amount: detail.amount,
      totalRg: detail.totalRg,
      depositUsed: detail.depositUsed,
      pdf: await pdfOf(`/api/attachement/${id}/pdf`),
    });
  }
  const { version: _version, ...statementFigures } = statement;
  return {
    statement: statementFigures,
    statementList: (await ok<{ content: unknown[] }>(send('GET', `/api/market/${ids.market}/statements`))).content,
    order: { total: order.total, totalTTC: order.totalTTC },
    orderListed: listed.content.map((row) => ({ total: row.total, totalTTC: row.totalTTC })),
    orderPdf: await pdfOf(`/api/order/${ids.order}/pdf`),
    attachments: attachmentFigures,
  };
}

async function editMarket(id: number, change: Record<string, unknown>) {
  const current = await ok<MarketRecord>(send('GET', `/api/market/${id}`));
  return send('PUT', `/api/market/${id}`, { ...current, ...change });
}

describe('no parent edit moves a paid or validated figure (issue 11, item 1)', () => {
  it('refuses the VAT regime once money moved and keeps every figure through the other money fields', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    expect((await editMarket(market.marketId, { tva: 'tenPercents' })).statusCode).toBe(200);
    const order = await fx.validatedOrder(market, ['10', '4']);
    const [price] = await pricesOf(testApp.db, market.bpuId);
    const paidAttachment = await fx.attachment(order);
    expect((await fx.saveLines(paidAttachment, [{ prestation: price?.prestation ?? 0, quantity: '3' }])).statusCode).toBe(200);
    await fx.validate(paidAttachment);
    const validatedAttachment = await fx.attachment(order);
    expect((await fx.saveLines(validatedAttachment, [{ prestation: price?.prestation ?? 0, quantity: '2' }])).statusCode).toBe(
      200,
    );
    await fx.validate(validatedAttachment);
    const { id: statement } = await ok<{ id: number }>(
      send('POST', '/api/situation/create', { market: market.marketId, sap: 'S' }),
    );
    await ok(send('POST', `/api/situation/${statement}/attachement`, [paidAttachment]));
    await ok(send('POST', `/api/situation/${statement}/paid`));
    const ids = { market: market.marketId, order, statement, attachments: [paidAttachment, validatedAttachment] };
    const before = await figuresOf(ids);
    expect(before.statement.tvaRate).toBe('10');
    expect(before.orderListed).toEqual([before.order]);

    // the VAT regime: refused in French, nothing changed
    for (const tva of ['basic', 'reverseCharge']) {
      const refused = await editMarket(market.marketId, { tva });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error).toBe(MARKET_VAT_LOCKED_MESSAGE);
    }
    // every other field that feeds money: accepted, and it reaches no validated or paid figure
    const [otherTerm] = await testApp.db.select({ id: paymentTerms.id }).from(paymentTerms).orderBy(asc(paymentTerms.id));
    const [otherType] = await testApp.db
      .select({ id: paymentTypes.id })
      .from(paymentTypes)
      .where(eq(paymentTypes.oracleCode, 'payment_check'));
    const changes: Record<string, unknown>[] = [
      { rgRate: '12.5' },
      { depositType: 'withThreshold', threshold: '10.00' },
      { depositType: 'notApplicable', threshold: null },
      { paymentTerm: otherTerm?.id },
      ...(otherType ? [{ paymentType: otherType.id }] : []),
    ];
    for (const change of changes) {
      const saved = await editMarket(market.marketId, change);
      expect(saved.statusCode, `${JSON.stringify(change)}: ${saved.body}`).toBe(200);
      expect(await figuresOf(ids), JSON.stringify(change)).toEqual(before);
    }
    expect((await ok<MarketRecord>(send('GET', `/api/market/${market.marketId}`))).tva).toBe('tenPercents');
  });

  it('lets a market without money moved change its VAT, its draft orders following in every view', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const order = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const prices = await pricesOf(testApp.db, market.bpuId);
    const current = await ok<Record<string, unknown>>(send('GET', `/api/order/${order}`));
    await ok(
      send('PUT', `/api/order/${order}`, { ...current, prestationOSs: [{ prestation: prices[0]?.prestation, quantity: '7' }] }),
    );
    const draft = await ok<{ total: string; totalTTC: string }>(send('GET', `/api/order/${order}`));
    expect((await editMarket(market.marketId, { tva: 'tenPercents' })).statusCode).toBe(200);
    const after = await ok<{ total: string; totalTTC: string }>(send('GET', `/api/order/${order}`));
    expect(after.total).toBe(draft.total);
    const expected = new Decimal(draft.total).times('1.1').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    expect(after.totalTTC).toBe(expected);
    const listed = await ok<{ content: OrderRow[] }>(
      send('GET', `/api/orders?filter=all&filters=${encodeURIComponent(JSON.stringify({ id: String(order) }))}`),
    );
    expect(listed.content.map((row) => row.totalTTC)).toEqual([expected]);
    const pdf = await pdfOf(`/api/order/${order}/pdf`);
    expect(pdf.replace(/\s/g, '')).toContain(expected.replace('.', ','));
  });
});
