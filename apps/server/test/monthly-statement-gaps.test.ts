import {
  ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE,
  formatCsvNumber,
  ROLE_OPTIONS,
  STATEMENT_DOCUMENT_LOCKED_MESSAGE,
  type StatementDetailRecord,
  type StatementListRow,
  type TokenHistoryEntry,
} from '@isf/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, markets, orders } from '../src/db/schema/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { adminSuite } from './admin-suite.js';
import { subcontractorOfFirstMarket } from './deposits-fixtures.js';
import { actingAs, inject } from './helper.js';
import { multipart } from './multipart.js';
import { demoMarkets, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { csvRows } from './price-schedules-fixtures.js';

/** Issue 11 item 4, "detail and list gaps" of the monthly statements (spec 2 Monthly statement list and detail). */

const suite = adminSuite();
const { send, ok, marketWithAttachments } = suite;

async function createStatement(market: number, token = suite.admin): Promise<number> {
  return (await ok<{ id: number }>(send('POST', '/api/situation/create', { market, sap: 'SAP-GAPS' }, token))).id;
}

const detail = (id: number, token = suite.admin) =>
  ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`, undefined, token));

type CandidateRow = { id: number; reference: string; orderReference: string; amount: string; nodeName: string };
const candidatesOf = async (id: number, token = suite.admin) =>
  (
    await ok<{ content: CandidateRow[]; totalElements: number }>(
      send('GET', `/api/situation/${id}/agencyattachements?size=200`, undefined, token),
    )
  ).content;

describe('GET /situation/{id}/agencyattachements (the add-attachments panel)', () => {
  it('offers the validated attachments of its market that no statement invoices, by reference', async () => {
    const { market, validated, draft } = await marketWithAttachments(3);
    const [first, second, third] = validated as [number, number, number];
    const elsewhere = await marketWithAttachments(1);
    const id = await createStatement(market.marketId);
    const offered = await candidatesOf(id);
    // validated only (not the draft), its market only (not the other market's)
    expect(offered.map((row) => row.id).sort((a, b) => a - b)).toEqual([first, second, third].sort((a, b) => a - b));
    expect(offered.map((row) => row.id)).not.toContain(draft);
    expect(offered.map((row) => row.id)).not.toContain(elsewhere.validated[0]);
    const references = offered.map((row) => row.reference);
    expect(references).toEqual([...references].sort());
    const [money] = offered.filter((row) => row.id === first);
    expect(money?.amount).toBe((await suite.fx.detail(first)).amount);
    expect(money?.nodeName).toBe('Validé');

    // invoiced here or in another statement: no longer offered, to either
    await ok(send('POST', `/api/situation/${id}/attachement`, [first]));
    const other = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${other}/attachement`, [second]));
    expect((await candidatesOf(id)).map((row) => row.id)).toEqual([third]);
    expect((await candidatesOf(other)).map((row) => row.id)).toEqual([third]);
    // given back: offered again
    await ok(send('DELETE', `/api/situation/${id}/attachement/${first}`));
    expect((await candidatesOf(other)).map((row) => row.id).sort((a, b) => a - b)).toEqual([first, third].sort((a, b) => a - b));
    expect((await detail(id)).attachementCount).toBe(0);
  });

  it('is read under the statement scope: another agency’s statement is a 404, an unknown one too', async () => {
    const [, secondMarket] = await demoMarkets(suite.db);
    const theirs = await createStatement(secondMarket?.id ?? 0);
    const sst = await subcontractorOfFirstMarket(suite.testApp);
    expect((await send('GET', `/api/situation/${theirs}/agencyattachements`, undefined, sst.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/situation/2000000000/agencyattachements')).statusCode).toBe(404);
  });
});

describe('the list shows what is due next to the gross (GET /situations)', () => {
  const listRow = async (id: number) =>
    (
      await ok<{ content: StatementListRow[] }>(
        send('GET', `/api/situations?size=5&filters=${encodeURIComponent(JSON.stringify({ id: String(id) }))}`),
      )
    ).content.find((row) => row.id === id);
  const dueOf = (row: StatementListRow | StatementDetailRecord | undefined) => ({
    totalAmount: row?.totalAmount,
    totalAmountWithoutRG: row?.totalAmountWithoutRG,
    rgreleased: row?.rgreleased,
    tvaamount: row?.tvaamount,
    totalAmountTTC: row?.totalAmountTTC,
  });

  it('answers the net without RG, the RG released, the VAT and the TTC of the detail, under each VAT regime', async () => {
    const { market, validated } = await marketWithAttachments(3);
    const [first, second, third] = validated as [number, number, number];
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/attachement`, [first, second]));
    await ok(send('POST', `/api/situation/${id}/rg`, [third]));
    for (const tva of ['basic', 'tenPercents', 'reverseCharge'] as const) {
      await suite.db.update(markets).set({ tva }).where(eq(markets.id, market.marketId));
      const record = await detail(id);
      expect(record.rgreleased).not.toBe('0.00');
      expect(dueOf(await listRow(id)), tva).toEqual(dueOf(record));
    }
    expect((await detail(id)).tvaamount).toBe('0.00');

    // half a cent of VAT rounds as the detail does, away from zero, on a positive and on a negative net
    await suite.db.update(markets).set({ tva: 'tenPercents' }).where(eq(markets.id, market.marketId));
    const other = await createStatement(market.marketId);
    const spare = await marketWithAttachments(1);
    await suite.db.update(markets).set({ tva: 'tenPercents' }).where(eq(markets.id, spare.market.marketId));
    const spareStatement = await createStatement(spare.market.marketId);
    await ok(send('POST', `/api/situation/${spareStatement}/attachement`, spare.validated));
    await suite.db
      .update(attachments)
      .set({ amount: '100.05', rg: '0', depositUsed: '0' })
      .where(inArray(attachments.id, spare.validated));
    const positive = await detail(spareStatement);
    expect(positive).toMatchObject({ totalAmountWithoutRG: '100.05', tvaamount: '10.01', totalAmountTTC: '110.06' });
    expect(dueOf(await listRow(spareStatement))).toEqual(dueOf(positive));
    await suite.db
      .update(attachments)
      .set({ amount: '0', rg: '0', depositUsed: '0.05' })
      .where(inArray(attachments.id, spare.validated));
    const negative = await detail(spareStatement);
    expect(negative).toMatchObject({ totalAmountWithoutRG: '-0.05', tvaamount: '-0.01', totalAmountTTC: '-0.06' });
    expect(dueOf(await listRow(spareStatement))).toEqual(dueOf(negative));
    // an empty statement is due nothing
    expect(dueOf(await listRow(other))).toEqual({
      totalAmount: '0.00',
      totalAmountWithoutRG: '0.00',
      rgreleased: '0.00',
      tvaamount: '0.00',
      totalAmountTTC: '0.00',
    });
  });
});

describe('CSV exports (spec 2 §7: /monthlystatements/csv and /monthlystatements/csv/clientBdc)', () => {
  /** A statement invoicing attachments of three orders of one market: client BDC "BDC-B", "BDC-A" and none. */
  async function statementOverThreeOrders() {
    const market = await marketWithBpu(suite.app, suite.db, suite.admin);
    const [price] = await pricesOf(suite.db, market.bpuId);
    const attachmentsOf: Record<string, number[]> = {};
    for (const [bdc, count] of [
      ['BDC-B', 2],
      ['BDC-A', 1],
      ['', 1],
    ] as const) {
      const order = await suite.fx.validatedOrder(market, ['10', '4']);
      await suite.db
        .update(orders)
        .set({ clientBdc: bdc === '' ? null : bdc })
        .where(eq(orders.id, order));
      attachmentsOf[bdc] = [];
      for (let index = 0; index < count; index += 1) {
        const attachment = await suite.fx.attachment(order);
        expect((await suite.fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: '1.5' }])).statusCode).toBe(
          200,
        );
        await suite.fx.validate(attachment);
        attachmentsOf[bdc]?.push(attachment);
      }
    }
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/attachement`, Object.values(attachmentsOf).flat()));
    return { id, market, attachmentsOf };
  }

  const moneyOfAll = async (ids: number[]) =>
    suite.db
      .select({ amount: attachments.amount, rg: attachments.rg, used: attachments.depositUsed })
      .from(attachments)
      .where(inArray(attachments.id, ids));
  const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);
  const cents = (text: string | undefined) => Math.round(Number((text ?? '').replace(',', '.')) * 100);

  it('writes the list with what is due, by GET or by the screens’ form post, numbers in the one locale format', async () => {
    const { id } = await statementOverThreeOrders();
    const record = await detail(id);
    const byGet = await send('GET', `/api/monthlystatements/csv?ids=${id}`);
    expect(byGet.statusCode, byGet.body).toBe(200);
    expect(byGet.headers['content-type']).toContain('text/csv');
    const byPost = await send('POST', '/api/monthlystatements/csv', { ids: String(id) });
    expect(byPost.body).toBe(byGet.body);
    const [header, row, ...rest] = csvRows(byGet.body);
    expect(rest).toEqual([]);
    const cell = (label: string) => row?.[header?.indexOf(label) ?? -1];
    expect(cell('ID')).toBe(String(id));
    expect(cell('Montant (€ HT)')).toBe(formatCsvNumber(record.totalAmount, 'fr'));
    expect(cell('Montant hors RG et avance (€ HT)')).toBe(formatCsvNumber(record.totalAmountWithoutRG, 'fr'));
    expect(cell('TVA (€)')).toBe(formatCsvNumber(record.tvaamount, 'fr'));
    expect(cell('Montant TTC (€)')).toBe(formatCsvNumber(record.totalAmountTTC, 'fr'));
    expect(cell('Montant TTC (€)')).toContain(',');
    // a bad selection is a 400 in French, on either method
    const bad = await send('GET', '/api/monthlystatements/csv?ids=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('identifiants');
  });

  it('breaks each statement down per client BDC: one row each, empty BDC first, amounts adding up to the statement', async () => {
    const { id, market, attachmentsOf } = await statementOverThreeOrders();
    // two more statements of the market invoicing nothing: no row
    await createStatement(market.marketId);
    const empty = await createStatement(market.marketId);
    const record = await detail(id);
    const response = await send('GET', `/api/monthlystatements/csv/clientBdc?ids=${id},${empty}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('situations-bdc-client');
    const [header, ...rows] = csvRows(response.body);
    const column = (label: string) => header?.indexOf(label) ?? -1;
    expect(column('BDC client')).toBeGreaterThan(0);
    for (const hidden of ['Payée', 'Verrouillée', 'RG libérée (€)', 'Montant TTC (€)']) {
      expect(header, hidden).not.toContain(hidden);
    }
    // the statement invoicing nothing has no row; the other one row per BDC, the empty one first
    expect(rows.map((row) => [row[column('ID')], row[column('BDC client')], row[column("Nombre d'attachements")]])).toEqual([
      [String(id), '', '1'],
      [String(id), 'BDC-A', '1'],
      [String(id), 'BDC-B', '2'],
    ]);
    for (const row of rows) {
      const bdc = row[column('BDC client')] ?? '';
      const money = await moneyOfAll(attachmentsOf[bdc] ?? []);
      expect(cents(row[column('Montant (€ HT)')]), bdc).toBe(sum(money.map((entry) => entry.amount)));
      expect(cents(row[column('RG (€)')]), bdc).toBe(sum(money.map((entry) => entry.rg)));
      const net = row[column('Montant hors RG et avance (€ HT)')] ?? '';
      expect(net).toBe(formatCsvNumber(net.replace(',', '.'), 'fr'));
      expect(cents(net)).toBe(
        sum(money.map((entry) => entry.amount)) - sum(money.map((entry) => entry.rg)) - sum(money.map((entry) => entry.used)),
      );
    }
    expect(rows.reduce((total, row) => total + cents(row[column('Montant (€ HT)')]), 0)).toBe(cents(record.totalAmount));
    expect(rows.reduce((total, row) => total + cents(row[column('Montant hors RG et avance (€ HT)')]), 0)).toBe(
      cents(record.totalAmountWithoutRG),
    );

    // the screens post their list state: a filter of the list applies, the sort too (BDC order kept within a statement)
    const posted = await send('POST', '/api/monthlystatements/csv/clientBdc', {
      filters: JSON.stringify({ marketId: String(market.marketId) }),
      sort: 'id,asc',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const [, ...postedRows] = csvRows(posted.body);
    expect(postedRows.map((row) => [row[column('ID')], row[column('BDC client')]])).toEqual([
      [String(id), ''],
      [String(id), 'BDC-A'],
      [String(id), 'BDC-B'],
    ]);
    const unknownFilter = await send('POST', '/api/monthlystatements/csv/clientBdc', { filters: JSON.stringify({ nope: 'x' }) });
    expect(unknownFilter.statusCode).toBe(400);
  });

  it('hides another agency’s statements from a subcontractor and needs the read right', async () => {
    const [, secondMarket] = await demoMarkets(suite.db);
    const theirs = await createStatement(secondMarket?.id ?? 0);
    const sst = await subcontractorOfFirstMarket(suite.testApp);
    const seen = await send('GET', `/api/monthlystatements/csv/clientBdc?ids=${theirs}`, undefined, sst.token);
    expect(seen.statusCode).toBe(200);
    expect(csvRows(seen.body).slice(1)).toEqual([]);
    const seenList = await send('GET', `/api/monthlystatements/csv?ids=${theirs}`, undefined, sst.token);
    expect(csvRows(seenList.body).slice(1)).toEqual([]);
    const nobody = await actingAs(suite.testApp, { read: [] });
    expect((await send('GET', '/api/monthlystatements/csv/clientBdc', undefined, nobody.token)).statusCode).toBe(403);
  });
});

describe('the Documents tab of a statement (documents owned by monthly_statement)', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
  const upload = (id: number, token = suite.admin) => {
    const body = multipart([
      { name: 'type', value: '1' },
      { name: 'entity', value: 'monthly_statement' },
      { name: 'id', value: String(id) },
      { name: 'comment', value: 'Bon de commande client' },
      { name: 'file', fileName: 'bdc.pdf', content: pdf },
    ]);
    return inject(suite.app, { method: 'POST', url: '/api/document', token, payload: body.payload, headers: body.headers });
  };
  const documentsOf = async (id: number, token = suite.admin) =>
    inject(suite.app, { method: 'GET', url: '/api/documents', query: { entity: 'monthly_statement', id: String(id) }, token });

  it('takes documents while unpaid and paid, and keeps them once the statement is paid (locked)', async () => {
    const { market, validated } = await marketWithAttachments(1);
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/attachement`, validated));
    const first = await upload(id);
    expect(first.statusCode, first.body).toBe(200);
    const removable = first.json().id as number;
    const listed = await documentsOf(id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((row: { id: number; filename: string }) => [row.id, row.filename])).toEqual([
      [removable, 'bdc.pdf'],
    ]);
    await ok(send('DELETE', `/api/document/${removable}`));
    expect((await documentsOf(id)).json()).toEqual([]);

    const kept = (await ok<{ id: number }>(upload(id))).id;
    await ok(send('POST', `/api/situation/${id}/paid`));
    // paid: one more may be added (the proof of payment), none removed
    const after = await upload(id);
    expect(after.statusCode, after.body).toBe(200);
    for (const document of [kept, after.json().id as number]) {
      const refused = await send('DELETE', `/api/document/${document}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toBe(STATEMENT_DOCUMENT_LOCKED_MESSAGE);
    }
    expect((await documentsOf(id)).json()).toHaveLength(2);
    // the payment cancelled: removable again
    await ok(send('POST', `/api/situation/${id}/dangerously_unpay`));
    await ok(send('DELETE', `/api/document/${kept}`));
  });

  it('follows the statement scope: another agency’s statement neither lists nor takes documents', async () => {
    const [, secondMarket] = await demoMarkets(suite.db);
    const theirs = await createStatement(secondMarket?.id ?? 0);
    const sst = await subcontractorOfFirstMarket(suite.testApp);
    expect([404, 403]).toContain((await documentsOf(theirs, sst.token)).statusCode);
    expect([404, 403]).toContain((await upload(theirs, sst.token)).statusCode);
  });
});

describe('paying a statement moves its attachments to att_paid (docs/decisions.md)', () => {
  const nodeOf = async (id: number) => ((await suite.fx.detail(id)).statusWF?.nodeCode ?? null) as string | null;
  const historyOf = async (id: number) =>
    (await ok<TokenHistoryEntry[]>(send('GET', `/api/wftoken/history/attachement/${id}`))).map((entry) => [
      entry.toNode.nodeCode,
      entry.comment,
    ]);

  it('moves them along the workflow when paid, and back to att_validated when the payment is cancelled', async () => {
    const { market, validated } = await marketWithAttachments(3);
    const [first, second, third] = validated as [number, number, number];
    // the second is already prepared for payment by the accountant; the third is not in the statement
    await suite.fx.move('attachement', second, 'att_to_prepared', 'att_prepared_for_payment');
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/attachement`, [first, second]));
    expect([await nodeOf(first), await nodeOf(second)]).toEqual(['att_validated', 'att_prepared_for_payment']);

    await ok(send('POST', `/api/situation/${id}/paid`));
    expect([await nodeOf(first), await nodeOf(second), await nodeOf(third)]).toEqual(['att_paid', 'att_paid', 'att_validated']);
    const history = await historyOf(first);
    expect(history).toContainEqual(['att_prepared_for_payment', `Situation n° ${id} payée`]);
    expect(history).toContainEqual(['att_paid', `Situation n° ${id} payée`]);
    // the figures did not move: att_paid counts as validated
    const paid = await detail(id);

    await ok(send('POST', `/api/situation/${id}/dangerously_unpay`));
    expect([await nodeOf(first), await nodeOf(second)]).toEqual(['att_validated', 'att_validated']);
    expect(await historyOf(first)).toContainEqual(['att_validated', `Paiement de la situation n° ${id} annulé`]);
    const unpaid = await detail(id);
    expect({ ...unpaid, version: 0, paidAt: null, locked: false, status: 'unpaid' }).toEqual({
      ...paid,
      version: 0,
      paidAt: null,
      locked: false,
      status: 'unpaid',
    });
    // paid again: moved again
    await ok(send('POST', `/api/situation/${id}/paid`));
    expect([await nodeOf(first), await nodeOf(second)]).toEqual(['att_paid', 'att_paid']);
  });
});

describe('the release-date edit of an RG released in a statement (option DANGEROUSLY_REVERT)', () => {
  it('lets a profile holding the option, not the financial one, change the date of a released RG only', async () => {
    const { market, validated } = await marketWithAttachments(2);
    const [released, free] = validated as [number, number];
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/rg`, [released]));
    const withoutFinancial = ROLE_OPTIONS.filter((option) => option !== 'serviceorders.edit_financial_info');
    const reverter = await actingAs(suite.testApp, { ...ALL_RIGHTS, options: withoutFinancial, visibility: 1 });
    const neither = await actingAs(suite.testApp, {
      ...ALL_RIGHTS,
      options: withoutFinancial.filter((option) => option !== 'monthly_statements.can_dangerously_revert_paid'),
      visibility: 1,
    });
    const edit = (attachment: number, token: string, releaseDate = '2031-06-30') =>
      send('PUT', `/api/attachement/${attachment}/warranties/releaseDate`, { releaseDate }, token);

    const done = await edit(released, reverter.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Date de libération modifiée avec succès');
    const releases = await ok<{ id: number; rgReleaseDate: string }[]>(send('GET', `/api/situation/${id}/rgreleases`));
    expect(releases.find((row) => row.id === released)?.rgReleaseDate).toBe('2031-06-30');
    // paid: still editable with the option (the date only says when the RG fell due)
    await ok(send('POST', `/api/situation/${id}/paid`));
    expect((await edit(released, reverter.token, '2031-07-31')).statusCode).toBe(200);
    // an RG released nowhere: the financial option only
    const notReleased = await edit(free, reverter.token);
    expect(notReleased.statusCode).toBe(422);
    expect(notReleased.json().detail).toBe(ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE);
    // without either option: refused
    const refused = await edit(released, neither.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE);
  });
});
