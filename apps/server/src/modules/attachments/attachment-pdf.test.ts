import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFixtures } from '../../../test/attachments-fixtures.js';
import { actingAs, createTestApp, inject, login, type TestApp } from '../../../test/helper.js';
import { marketWithBpu, pricesOf } from '../../../test/orders-fixtures.js';
import { pdfPages, pdfText } from '../../../test/pdf-text.js';
import { agencies, markets, orders, prestations } from '../../db/schema/index.js';
import { REVERSE_CHARGE_MENTION } from '../../platform/pdf-blocks.js';
import { formatAmountFr, formatDateFr, formatEuroFr } from '../../platform/pdf-document.js';
import { attachmentVat } from './attachment-amounts.js';
import { DGD_MENTION } from './attachment-pdf-layout.js';

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

const READER = { read: ['attachement', 'order', 'subcontractor_market'] } as const;
const PDF_OPTION = 'serviceorders.display_order_download_button';
/** The text extraction turns no-break spaces into spaces. */
const plain = (value: string) => value.replace(/\u00a0/g, ' ');
const euro = (value: string | Decimal) => plain(formatEuroFr(value));

function download(id: number | string, token?: string) {
  return inject(testApp.app, { method: 'POST', url: `/api/attachement/${id}/pdf`, token, payload: {} });
}

/** A fresh market (5 % RG, 20 % VAT unless changed) with a validated order of 10 and 4 of its first prestations. */
async function freshOrder(change: Partial<typeof markets.$inferInsert> = {}) {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  if (Object.keys(change).length > 0) {
    await testApp.db.update(markets).set(change).where(eq(markets.id, market.marketId));
  }
  const prices = await pricesOf(testApp.db, market.bpuId);
  return { market, prices, order: await fx.validatedOrder(market, ['10', '4']) };
}

async function attachmentWith(order: number, lines: { prestation: number; quantity: string }[], overrides = {}) {
  const id = await fx.attachment(order, overrides);
  const saved = await fx.saveLines(id, lines);
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

async function codeOf(prestation: number | undefined) {
  const [row] = await testApp.db
    .select({ code: prestations.code, description: prestations.description })
    .from(prestations)
    .where(eq(prestations.id, prestation ?? 0));
  return row ?? { code: '?', description: '?' };
}

describe('attachmentVat (attachment-amounts)', () => {
  it('charges the market’s VAT on the net to pay, none under reverse charge', () => {
    expect(attachmentVat('950.00', 'basic')).toEqual({ rate: '20', vat: '190.00', gross: '1140.00', reverseCharge: false });
    expect(attachmentVat('123.45', 'tenPercents')).toEqual({ rate: '10', vat: '12.35', gross: '135.80', reverseCharge: false });
    expect(attachmentVat('950.00', 'reverseCharge')).toEqual({ rate: null, vat: '0.00', gross: '950.00', reverseCharge: true });
  });
});

describe('POST /api/attachement/{id}/pdf (spec 2 attachment detail: PDF download)', () => {
  it('prints the work statement: references, parties, cumulative lines, RG, deposit, net and VAT, DGD', async () => {
    const { market, prices, order } = await freshOrder();
    const [p0, p1, p2] = prices;
    const earlier = await attachmentWith(order, [{ prestation: p0?.prestation ?? 0, quantity: '3' }]);
    await fx.validate(earlier);
    await fx.deposit(market.marketId, '25.00');
    const id = await attachmentWith(
      order,
      [
        { prestation: p0?.prestation ?? 0, quantity: '2.5' },
        { prestation: p1?.prestation ?? 0, quantity: '1' },
      ],
      { isDGD: true, observation: 'Reprise des boîtiers chambre 12.' },
    );
    await fx.validate(id);
    const detail = await fx.detail(id);

    const response = await download(id, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="attachement-${detail.reference}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);

    const [stored] = await testApp.db.select().from(orders).where(eq(orders.id, order));
    const [agency] = await testApp.db
      .select()
      .from(agencies)
      .where(eq(agencies.id, stored?.agencyId ?? 0));
    expect(text).toContain('ATTACHEMENT DE TRAVAUX');
    expect(text).toContain('Situation des travaux réalisés');
    expect(text).toContain(`N° ${detail.reference}`);
    expect(text).toContain(`Commande : ${stored?.reference}`);
    expect(text).toContain(`Complément ${stored?.name}`);
    expect(text).toContain(`Marché ${detail.marketEdifice}`);
    expect(text).toContain(agency?.name ?? '?');
    expect(text).toContain(detail.projectName);
    expect(text).toContain(`Date de commande ${formatDateFr(stored?.date)}`);
    expect(text).toContain(`Date de validation ${formatDateFr(detail.validatedAt)}`);
    expect(text).toContain('Reprise des boîtiers chambre 12.');
    expect(text).toContain(DGD_MENTION);
    expect(text).toContain('LE SOUS-TRAITANT');
    expect(text).toContain('POUR LE DONNEUR D’ORDRE');
    const pages = pdfPages(response.rawPayload);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
    });

    // the lines of this time: unit price, ordered, cumulative previous, this time, cumulative, amount
    // two-line headers: Cumul antérieur, Qté période
    expect(text).toContain('Code Désignation Unité P.U. HT Qté cdée Cumul\nantérieur\nQté\npériode\nCumul Montant HT');
    const total0 = new Decimal(p0?.cost ?? 0).times('2.5').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const total1 = new Decimal(p1?.cost ?? 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(text).toContain(`${plain(formatAmountFr(p0?.cost ?? '0'))} 10 3 2,5 5,5 ${plain(formatAmountFr(total0))}`);
    expect(text).toContain(`${plain(formatAmountFr(p1?.cost ?? '0'))} 4 0 1 1 ${plain(formatAmountFr(total1))}`);
    expect(text).toContain((await codeOf(p0?.prestation)).code);
    expect(text).not.toContain(`${(await codeOf(p2?.prestation)).code} `);

    // the figures are those of the detail, and they add up
    const amount = total0.plus(total1);
    const rg = amount.times('0.05').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(detail.amount).toBe(amount.toFixed(2));
    expect(detail.totalRg).toBe(rg.toFixed(2));
    expect(detail.depositUsed).toBe('25.00');
    const net = amount.minus(rg).minus('25');
    expect(detail.netAmount).toBe(net.toFixed(2));
    const vat = net.times('0.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(text).toContain(`Montant des travaux HT ${euro(amount)}`);
    expect(text).toContain(`Retenue de garantie (5 %) -${euro(rg)}`);
    expect(text).toContain(`Avance consommée -${euro('25')}`);
    expect(text).toContain(`Net à payer HT ${euro(net)}`);
    expect(text).toContain(`TVA 20 % ${euro(vat)}`);
    expect(text).toContain(`Net à payer TTC ${euro(net.plus(vat))}`);
    expect(text).not.toContain(REVERSE_CHARGE_MENTION);
  });

  it('prints no RG on a market without retention, and the reverse-charge mention instead of VAT', async () => {
    const { prices, order } = await freshOrder({ tva: 'reverseCharge', depositType: 'notApplicable' });
    const id = await attachmentWith(order, [{ prestation: prices[0]?.prestation ?? 0, quantity: '2' }]);
    const detail = await fx.detail(id);
    expect(detail.totalRg).toBe('0.00');
    const text = pdfText((await download(id, admin)).rawPayload);
    expect(text).toContain(`Montant des travaux HT ${euro(detail.amount)}`);
    expect(text).toContain(`Retenue de garantie (non applicable) ${euro('0')}`);
    expect(text).toContain(`Avance consommée ${euro('0')}`);
    expect(text).toContain(`Net à payer HT ${euro(detail.amount)}`);
    expect(text).toContain('TVA Autoliquidation');
    expect(text).toContain(REVERSE_CHARGE_MENTION);
    expect(text).not.toContain('TTC');
    expect(text).not.toContain(DGD_MENTION);
  });

  it('numbers the pages of a statement with no line yet', async () => {
    const { order } = await freshOrder();
    const id = await fx.attachment(order);
    const pages = pdfPages((await download(id, admin)).rawPayload);
    expect(pages.at(-1)).toContain(`Page ${pages.length} / ${pages.length}`);
    expect(pages.join('\n')).toContain('Aucune prestation attachée.');
  });

  it('accepts the token as a form field, as a browser download posts it', async () => {
    const { order } = await freshOrder();
    const id = await fx.attachment(order);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: `/api/attachement/${id}/pdf`,
      payload: new URLSearchParams({ token: admin }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 401 without a token, 403 without the read right or the download option, 404 out of scope', async () => {
    const { order } = await freshOrder();
    const id = await fx.attachment(order);
    expect((await download(id)).statusCode).toBe(401);
    const withoutOption = await actingAs(testApp, READER);
    expect((await download(id, withoutOption.token)).statusCode).toBe(403);
    const withoutRight = await actingAs(testApp, { read: ['order', 'subcontractor_market'], options: [PDF_OPTION] });
    expect((await download(id, withoutRight.token)).statusCode).toBe(403);
    const optioned = await actingAs(testApp, { ...READER, options: [PDF_OPTION] });
    expect((await download(id, optioned.token)).statusCode).toBe(200);
    // the legacy OS.DISPLAYEDIT_FINANCIAL_INFO of the spec is today's financial option: it downloads too
    const financial = await actingAs(testApp, { ...READER, options: ['serviceorders.edit_financial_info'] });
    expect((await download(id, financial.token)).statusCode).toBe(200);

    expect((await download(999_999, optioned.token)).statusCode).toBe(404);
    expect((await download('not-an-id', optioned.token)).statusCode).toBe(400);
    // visibility 4: the attachments of the caller's own projects and agencies only (this one has none)
    const outside = await actingAs(testApp, { ...READER, options: [PDF_OPTION], visibility: 4 });
    expect((await download(id, outside.token)).statusCode).toBe(404);
  });
});
