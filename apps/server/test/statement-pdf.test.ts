import { STATEMENT_PDF_EMPTY_MESSAGE, type StatementAttachmentRow, type StatementDetailRecord } from '@isf/contract';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  createStatementService,
  loadStatementPdfData,
  REVERSE_CHARGE_REASON,
  statementPdfDefinition,
} from '../src/modules/monthly-statements/index.js';
import { REVERSE_CHARGE_MENTION } from '../src/platform/pdf-blocks.js';
import { formatEuroFr, issuerFromEnvironment, renderPdf } from '../src/platform/pdf-document.js';
import { adminSuite } from './admin-suite.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';
import { embeddedFiles, pdfaConformance } from './pdf-attachments.js';
import { pdfText } from './pdf-text.js';

const suite = adminSuite();
const { send, ok } = suite;

/**
 * A statement of a market under this VAT regime: two attachments invoiced (a deposit consumed by the
 * first), the RG of a third released in it, a theoretical payment date.
 */
async function statementOf(tva: 'basic' | 'tenPercents' | 'reverseCharge') {
  const market = await marketWithBpu(suite.app, suite.db, suite.admin);
  const current = await ok<Record<string, unknown>>(send('GET', `/api/market/${market.marketId}`));
  await ok(send('PUT', `/api/market/${market.marketId}`, { ...current, tva }));
  await suite.fx.deposit(market.marketId, '25.00');
  const order = await suite.fx.validatedOrder(market, ['10', '4']);
  const [price] = await pricesOf(suite.db, market.bpuId);
  const made: number[] = [];
  for (const quantity of ['1.5', '2', '1']) {
    const attachment = await suite.fx.attachment(order);
    expect((await suite.fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity }])).statusCode).toBe(200);
    await suite.fx.validate(attachment);
    made.push(attachment);
  }
  const [first, second, released] = made as [number, number, number];
  const { id } = await ok<{ id: number }>(send('POST', '/api/situation/create', { market: market.marketId, sap: 'SAP-42' }));
  await ok(send('POST', `/api/situation/${id}/attachement`, [first, second]));
  await ok(send('POST', `/api/situation/${id}/rg`, [released]));
  const record = await ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`));
  await ok(
    send('PUT', `/api/situation/${id}`, {
      version: record.version,
      date: record.date,
      theoreticalPaymentDate: '2099-01-31',
      sapReference: 'SAP-42',
    }),
  );
  return id;
}

/** The text of the first element named `tag` (namespace prefix included), or null. */
const tagText = (xml: string, tag: string) => new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
/** The inside of the first element named `tag`. */
const block = (xml: string, tag: string) => new RegExp(`<${tag}(?: [^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? '';
const allTagTexts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

async function downloadedXml(id: number) {
  const response = await send('POST', `/api/situation/${id}/pdf`, {});
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toContain('situation-SIT-');
  expect(pdfaConformance(response.rawPayload)).toBe('3B');
  const files = await embeddedFiles(response.rawPayload);
  const xml = files.get('factur-x.xml')?.toString('utf8');
  expect(xml, [...files.keys()].join(', ')).toBeDefined();
  return xml ?? '';
}

describe('POST /api/situation/{id}/pdf: the statement as Factur-X (PDF/A-3, EN 16931, CII)', () => {
  it('refuses (422) the PDF of a statement that invoices no attachment: an invoice has at least one line', async () => {
    const market = await marketWithBpu(suite.app, suite.db, suite.admin);
    const { id } = await ok<{ id: number }>(send('POST', '/api/situation/create', { market: market.marketId, sap: 'SAP-0' }));
    const response = await send('POST', `/api/situation/${id}/pdf`, {});
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail ?? response.json().error).toBe(STATEMENT_PDF_EMPTY_MESSAGE);
  });

  it('embeds an EN 16931 invoice whose every total is the API figure (VAT 20 %)', async () => {
    const id = await statementOf('basic');
    const statement = await ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`));
    const rows = await ok<StatementAttachmentRow[]>(send('GET', `/api/situation/${id}/attachements`));
    expect(statement.rgreleased).not.toBe('0.00');
    expect(statement.depositUsed).not.toBe('0.00');
    const xml = await downloadedXml(id);
    expect(xml).toMatch(/<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>urn:cen.eu:en16931:2017<\/ram:ID>/);
    expect(xml).toContain('<rsm:CrossIndustryInvoice');
    const settlement = block(xml, 'ram:ApplicableHeaderTradeSettlement');
    const totals = block(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    expect(tagText(totals, 'ram:LineTotalAmount')).toBe(statement.totalAmount);
    expect(tagText(totals, 'ram:AllowanceTotalAmount')).toBe(
      new Decimal(statement.rgamount).plus(statement.depositUsed).toFixed(2),
    );
    expect(tagText(totals, 'ram:ChargeTotalAmount')).toBe(statement.rgreleased);
    expect(tagText(totals, 'ram:TaxBasisTotalAmount')).toBe(statement.totalAmountWithReleasedRG);
    expect(tagText(totals, 'ram:TaxTotalAmount')).toBe(statement.tvaamount);
    expect(tagText(totals, 'ram:GrandTotalAmount')).toBe(statement.totalAmountTTC);
    expect(tagText(totals, 'ram:DuePayableAmount')).toBe(statement.totalAmountTTC);
    // the VAT breakdown: one standard-rate category on the taxable amount
    const vat = block(settlement, 'ram:ApplicableTradeTax');
    expect(tagText(vat, 'ram:CategoryCode')).toBe('S');
    expect(tagText(vat, 'ram:RateApplicablePercent')).toBe('20');
    expect(tagText(vat, 'ram:CalculatedAmount')).toBe(statement.tvaamount);
    expect(tagText(vat, 'ram:BasisAmount')).toBe(statement.totalAmountWithReleasedRG);
    // one line per invoiced attachment, at its amount; the document allowances and charge
    expect(allTagTexts(xml, 'ram:LineTotalAmount').slice(0, rows.length)).toEqual(rows.map((row) => row.amount));
    expect(xml).toContain('Retenue de garantie');
    expect(xml).toContain('Libération de retenue de garantie');
    expect(xml).toContain(`SIT-${String(id).padStart(6, '0')}`);
    expect(xml).toContain('<udt:DateTimeString format="102">20990131</udt:DateTimeString>');
  });

  it('states reverse charge as category AE with its exemption reason, no VAT', async () => {
    const id = await statementOf('reverseCharge');
    const statement = await ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`));
    expect(statement.tvaamount).toBe('0.00');
    const xml = await downloadedXml(id);
    const settlement = block(xml, 'ram:ApplicableHeaderTradeSettlement');
    const vat = block(settlement, 'ram:ApplicableTradeTax');
    expect(tagText(vat, 'ram:CategoryCode')).toBe('AE');
    expect(tagText(vat, 'ram:ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(tagText(vat, 'ram:ExemptionReason')).toBe(REVERSE_CHARGE_REASON);
    expect(tagText(vat, 'ram:CalculatedAmount')).toBe('0.00');
    expect(REVERSE_CHARGE_REASON).toContain('article 283-2 nonies du CGI');
    const totals = block(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    expect(tagText(totals, 'ram:TaxTotalAmount')).toBe('0.00');
    expect(tagText(totals, 'ram:GrandTotalAmount')).toBe(statement.totalAmountTTC);
    expect(tagText(totals, 'ram:TaxBasisTotalAmount')).toBe(statement.totalAmountWithReleasedRG);
  });

  it('prints the parties, references, period, attachments, releases and every total in order', async () => {
    for (const tva of ['tenPercents', 'reverseCharge'] as const) {
      const id = await statementOf(tva);
      const service = createStatementService(suite.db);
      const data = await loadStatementPdfData(suite.db, service, id);
      const text = pdfText(await renderPdf(statementPdfDefinition(data, issuerFromEnvironment(), '2026-11-26')));
      const { statement } = data;
      expect(text).toContain('SITUATION MENSUELLE');
      expect(text).toContain(data.market.edifice);
      expect(text).toContain(data.parties.companyName);
      expect(text).toContain('Paiement théorique');
      expect(text).toContain('31/01/2099');
      expect(text).toContain('Période');
      for (const row of data.attachments) {
        expect(text).toContain(row.reference);
      }
      for (const release of statement.releasedAttachments) {
        expect(text).toContain(release.reference);
      }
      const figures = [
        statement.totalAmount,
        statement.rgamount,
        statement.depositUsed,
        statement.rgToRelease,
        statement.rgreleased,
        statement.totalAmountWithoutRG,
        statement.totalAmountWithReleasedRG,
        statement.tvaamount,
        statement.totalAmountTTC,
      ];
      // in the order of spec 2 §3
      let cursor = text.indexOf('Montant des travaux HT (total des attachements)');
      expect(cursor).toBeGreaterThan(0);
      for (const figure of figures) {
        const at = text.indexOf(formatEuroFr(figure).replace(/\u00a0/g, ' '), cursor);
        expect(at, `${figure} after ${cursor}`).toBeGreaterThanOrEqual(cursor);
        cursor = at;
      }
      if (tva === 'reverseCharge') {
        expect(text).toContain(REVERSE_CHARGE_MENTION);
      } else {
        expect(text).toContain('TVA 10 %');
        expect(text).not.toContain('283-2 nonies');
      }
    }
  });
});
