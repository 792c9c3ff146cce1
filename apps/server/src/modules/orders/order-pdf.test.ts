import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, createTestApp, inject, login, type TestApp } from '../../../test/helper.js';
import { createOrder, demoMarkets, marketWithBpu, pricesOf } from '../../../test/orders-fixtures.js';
import { pdfPages, pdfText } from '../../../test/pdf-text.js';
import { agencies, bpus, markets, orderLines, orders, prestationPrices, prestations } from '../../db/schema/index.js';
import {
  formatAmountFr,
  formatDateFr,
  formatEuroFr,
  formatQuantityFr,
  issuerFromEnvironment,
} from '../../platform/pdf-document.js';
import { REVERSE_CHARGE_MENTION } from './order-pdf-layout.js';

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

const READER = { read: ['order', 'subcontractor_market'] } as const;
const PDF_OPTION = 'serviceorders.display_order_download_button';

function download(id: number | string, token?: string) {
  return inject(testApp.app, { method: 'POST', url: `/api/order/${id}/pdf`, token, payload: {} });
}

/** An order of the test market with the given quantities of its BPU's first prestations. */
async function orderWithLines(quantities: string[], marketId = market.marketId, bpuId = market.bpuId): Promise<number> {
  const id = await createOrder(testApp.app, testApp.db, admin, marketId, { observation: 'Accès par le portail nord.' });
  const prices = await pricesOf(testApp.db, bpuId);
  const detail = (await inject(testApp.app, { method: 'GET', url: `/api/order/${id}`, token: admin })).json();
  const response = await inject(testApp.app, {
    method: 'PUT',
    url: `/api/order/${id}`,
    token: admin,
    payload: {
      ...detail,
      prestationOSs: quantities.map((quantity, index) => ({ prestation: prices[index]?.prestation, quantity })),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

async function storedLines(id: number) {
  return testApp.db
    .select({ total: orderLines.total, quantity: orderLines.quantity, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, id));
}

describe('French formatting of the documents', () => {
  it('groups thousands with a no-break space and writes two decimals with a comma', () => {
    expect(formatAmountFr('1234.5')).toBe('1\u00a0234,50');
    expect(formatEuroFr('1234567.891')).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(formatEuroFr('0')).toBe('0,00\u00a0€');
    expect(formatAmountFr('-98765.4')).toBe('-98\u00a0765,40');
    expect(formatQuantityFr('3.5')).toBe('3,5');
    expect(formatQuantityFr('12.0')).toBe('12');
    expect(formatQuantityFr('1500.5')).toBe('1\u00a0500,5');
    expect(formatDateFr('2026-11-22')).toBe('22/11/2026');
    expect(formatDateFr(null)).toBe('');
  });

  it('takes the issuer from the environment, with only a default name', () => {
    expect(issuerFromEnvironment({})).toEqual({ name: 'ISF', address: [], siret: null, vatNumber: null, contact: null });
    expect(
      issuerFromEnvironment({ PDF_ISSUER_NAME: 'ISF Réseaux', PDF_ISSUER_ADDRESS: '1 avenue des Réseaux | 33700 Mérignac' }),
    ).toMatchObject({ name: 'ISF Réseaux', address: ['1 avenue des Réseaux', '33700 Mérignac'] });
  });
});

describe('POST /api/order/{id}/pdf (spec 2 order detail: PDF download)', () => {
  it('answers a PDF attachment named after the reference, with the order, its parties, its lines and totals', async () => {
    const id = await orderWithLines(['12', '3.5', '0']);
    const response = await download(id, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const [order] = await testApp.db.select().from(orders).where(eq(orders.id, id));
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${order?.reference}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(response.rawPayload);
    const lines = await storedLines(id);
    expect(lines).toHaveLength(2);
    const net = lines.reduce((sum, line) => sum.plus(line.total), new Decimal(0));
    const vat = net.times('0.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const plain = (value: string) => value.replace(/\u00a0/g, ' ');
    expect(text).toContain('BON DE COMMANDE');
    expect(text).toContain(`N° ${order?.reference}`);
    expect(text).toContain('Raccordement rue des Lilas');
    expect(text).toContain(`Date de commande : ${formatDateFr(order?.date)}`);
    expect(text).toContain('Date de fin 31/12/2026');
    expect(text).toContain('Accès par le portail nord.');
    expect(text).toContain('Régime de TVA TVA 20 %');
    expect(text).toContain(`Total HT ${plain(formatEuroFr(net))}`);
    expect(text).toContain(`TVA 20 % ${plain(formatEuroFr(vat))}`);
    expect(text).toContain(`Total TTC ${plain(formatEuroFr(net.plus(vat)))}`);
    expect(net.plus(vat).toFixed(2)).toBe(order?.totalTtc);
    expect(text).not.toContain(REVERSE_CHARGE_MENTION);
    expect(text).toContain('Page 1 / 1');

    const [agency] = await testApp.db
      .select()
      .from(agencies)
      .where(eq(agencies.id, order?.agencyId ?? 0));
    expect(text).toContain(agency?.name ?? '?');
    const siret = agency?.siret ?? '';
    expect(text).toContain(`SIRET : ${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`);
    // the ordered lines only: code, unit price, quantity, total in French notation
    for (const line of lines) {
      expect(text).toContain(
        `${plain(formatAmountFr(line.unitPrice))} ${formatQuantityFr(line.quantity)} ${plain(formatAmountFr(line.total))}`,
      );
    }
    const prices = await pricesOf(testApp.db, market.bpuId);
    const [unordered] = await testApp.db
      .select({ code: prestations.code })
      .from(prestations)
      .where(eq(prestations.id, prices[2]?.prestation ?? 0));
    expect(text).not.toContain(`${unordered?.code} `);
  });

  it('prints the reverse-charge mention instead of VAT, and 10 % VAT on such markets', async () => {
    const reverse = await marketWithBpu(testApp.app, testApp.db, admin);
    await testApp.db.update(markets).set({ tva: 'reverseCharge' }).where(eq(markets.id, reverse.marketId));
    const id = await orderWithLines(['4'], reverse.marketId, reverse.bpuId);
    const text = pdfText((await download(id, admin)).rawPayload);
    const [line] = await storedLines(id);
    expect(text).toContain(REVERSE_CHARGE_MENTION);
    expect(text).toContain('Régime de TVA Autoliquidation');
    expect(text).toContain(`Net à payer HT ${formatEuroFr(line?.total ?? '0').replace(/\u00a0/g, ' ')}`);
    expect(text).not.toMatch(/TVA \d+ %/);
    expect(text).not.toContain('Total TTC');

    const reduced = await marketWithBpu(testApp.app, testApp.db, admin);
    await testApp.db.update(markets).set({ tva: 'tenPercents' }).where(eq(markets.id, reduced.marketId));
    const tenPercent = await orderWithLines(['10'], reduced.marketId, reduced.bpuId);
    const reducedText = pdfText((await download(tenPercent, admin)).rawPayload);
    const [reducedLine] = await storedLines(tenPercent);
    const vat = new Decimal(reducedLine?.total ?? '0').times('0.1').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(reducedText).toContain(`TVA 10 % ${formatEuroFr(vat).replace(/\u00a0/g, ' ')}`);
    expect(reducedText).not.toContain(REVERSE_CHARGE_MENTION);
  });

  it('breaks a long order across pages, repeating the table header and numbering the pages', async () => {
    const many = await marketWithBpu(testApp.app, testApp.db, admin);
    const [bpu] = await testApp.db.select().from(bpus).where(eq(bpus.id, many.bpuId));
    const [model] = await testApp.db
      .select()
      .from(prestations)
      .where(eq(prestations.bpuTemplateId, bpu?.bpuTemplateId ?? 0))
      .orderBy(asc(prestations.id))
      .limit(1);
    const added = await testApp.db
      .insert(prestations)
      .values(
        Array.from({ length: 70 }, (_, index) => ({
          bpuTemplateId: model?.bpuTemplateId ?? 0,
          referenceId: model?.referenceId ?? 0,
          categoryId: model?.categoryId ?? 0,
          unitId: model?.unitId ?? 0,
          typeId: model?.typeId ?? 0,
          code: `PDF-${String(index).padStart(3, '0')}-${many.bpuId}`,
          description: `Prestation de test ${index} pour un bon de commande sur plusieurs pages`,
        })),
      )
      .returning({ id: prestations.id });
    await testApp.db
      .insert(prestationPrices)
      .values(added.map((row, index) => ({ bpuId: many.bpuId, prestationId: row.id, cost: `${100 + index}.25` })));
    const existing = (await pricesOf(testApp.db, many.bpuId)).length;
    const id = await orderWithLines(
      Array.from({ length: existing }, () => '2'),
      many.marketId,
      many.bpuId,
    );

    const response = await download(id, admin);
    const pages = pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      // every page holding lines repeats the header (the last may hold only the signatures)
      if (/PDF-\d{3}-/.test(page)) {
        expect(page, `page ${index + 1}`).toContain('Code Désignation Unité P.U. HT Quantité Total HT');
      }
    });
    expect(pages.filter((page) => /PDF-\d{3}-/.test(page)).length).toBeGreaterThan(1);
    const text = pages.join('\n');
    for (let index = 0; index < 70; index += 1) {
      expect(text).toContain(`PDF-${String(index).padStart(3, '0')}-${many.bpuId}`);
    }
    const [order] = await testApp.db.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
    expect(text).toContain(`Total HT ${formatEuroFr(order?.total ?? '0').replace(/\u00a0/g, ' ')}`);
  });

  it('accepts the token as a form field, as a browser download posts it', async () => {
    const id = await orderWithLines(['1']);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: `/api/order/${id}/pdf`,
      payload: new URLSearchParams({ token: admin }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 401 without a valid token', async () => {
    const id = await orderWithLines(['1']);
    expect((await download(id)).statusCode).toBe(401);
    const form = await inject(testApp.app, {
      method: 'POST',
      url: `/api/order/${id}/pdf`,
      payload: 'token=not-a-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(401);
  });

  it('needs the order read right and one of the two download options', async () => {
    const id = await orderWithLines(['1']);
    const withoutOption = await actingAs(testApp, READER);
    expect((await download(id, withoutOption.token)).statusCode).toBe(403);
    const withoutRight = await actingAs(testApp, { read: ['subcontractor_market'], options: [PDF_OPTION] });
    expect((await download(id, withoutRight.token)).statusCode).toBe(403);
    const optioned = await actingAs(testApp, { ...READER, options: [PDF_OPTION] });
    expect((await download(id, optioned.token)).statusCode).toBe(200);
    // the legacy OS.DISPLAYEDIT_FINANCIAL_INFO of the spec is today's financial option: it downloads too
    const financial = await actingAs(testApp, { ...READER, options: ['serviceorders.edit_financial_info'] });
    expect((await download(id, financial.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order and for an order outside the caller’s scope', async () => {
    const optioned = await actingAs(testApp, { ...READER, options: [PDF_OPTION] });
    expect((await download(999_999, optioned.token)).statusCode).toBe(404);
    expect((await download('not-an-id', optioned.token)).statusCode).toBe(400);
    // visibility 4: the orders of the caller's own projects and agencies only
    const [, other] = await demoMarkets(testApp.db);
    const hidden = await createOrder(testApp.app, testApp.db, admin, other?.id ?? 0);
    const subcontractor = await actingAs(testApp, { ...READER, options: [PDF_OPTION], visibility: 4 });
    expect((await download(hidden, subcontractor.token)).statusCode).toBe(404);
  });
});
