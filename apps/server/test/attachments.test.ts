import {
  ATTACHMENT_BPU_CSV_HEADERS,
  ATTACHMENT_CSV_HEADERS,
  ATTACHMENT_DELETE_MESSAGE,
  ATTACHMENT_DOCUMENT_DELETE_MESSAGE,
  ATTACHMENT_LINE_DUPLICATE_MESSAGE,
  ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE,
  ATTACHMENT_LOCKED_MESSAGE,
  ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE,
  ATTACHMENT_ORDER_REQUIRED_MESSAGE,
  ATTACHMENT_PAYMENT_STARTED_MESSAGE,
  ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE,
  ATTACHMENT_RELEASE_DATE_SUCCESS,
  ATTACHMENT_VALIDATED_EDIT_MESSAGE,
  IMPORT_SUCCESS_MESSAGE,
  ORDER_QUANTITY_INVALID_MESSAGE,
  ROLE_OPTIONS,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentLines, attachments, bpus, markets, orders, prestationPrices, workflowTokens } from '../src/db/schema/index.js';
import { attachmentList } from '../src/modules/attachments/index.js';
import { buildListStatements, type PageQuery, parseListQuery, runList } from '../src/platform/list-engine.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { multipart } from './multipart.js';
import { createOrder, demoMarkets, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { csvFile, csvRows, importForm } from './price-schedules-fixtures.js';

let testApp: TestApp;
let admin: string;
let sst: string;
let market: { marketId: number; bpuId: number };
let fx: ReturnType<typeof attachmentFixtures>;
let prices: { prestation: number; cost: string }[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  sst = await login(testApp.app, 'sst', 'sst');
  market = await marketWithBpu(testApp.app, testApp.db, admin);
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  prices = await pricesOf(testApp.db, market.bpuId);
});

afterAll(async () => {
  await testApp?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  inject(testApp.app, { method, url, token, payload });

const price = (index: number) => prices[index] as { prestation: number; cost: string };
const lineTotal = (index: number, quantity: string) =>
  new Decimal(price(index).cost).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A profile with every right and option except attachements.cannot_edit_after_validation. */
async function editorAfterValidation() {
  return actingAs(testApp, {
    ...ALL_RIGHTS,
    options: ROLE_OPTIONS.filter((option) => option !== 'attachements.cannot_edit_after_validation'),
    visibility: 1,
  });
}

describe('attachment creation (spec 2 §5)', () => {
  it('creates an attachment on a validated order, numbered after the order, on the draft node', async () => {
    const order = await fx.validatedOrder(market);
    const orderDetail = await fx.json(await send('GET', `/api/order/${order}`));
    expect(orderDetail.lastAttachment).toBeNull();
    const created = await send('POST', '/api/attachement', { order, observation: '  Semaine 12 ', isDGD: true });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ success: true, reference: `${orderDetail.reference}-A001` });
    const detail = await fx.detail(created.json().id);
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
    const second = await fx.attachment(order);
    expect((await fx.detail(second)).reference).toBe(`${orderDetail.reference}-A002`);
    expect((await fx.detail(second)).checks.lastOtherPresentedAt).not.toBeNull();
    const lastAttachment = (await fx.json(await send('GET', `/api/order/${order}`))).lastAttachment;
    expect(Date.now() - new Date(lastAttachment.createdAt).getTime()).toBeLessThan(60_000);
    const listed = await fx.json(await send('GET', `/api/order/${order}/attachements`));
    expect(listed.map((row: { reference: string }) => row.reference)).toEqual([
      `${orderDetail.reference}-A001`,
      `${orderDetail.reference}-A002`,
    ]);
    expect(listed[0]).toMatchObject({ amount: '0.00', isDGD: true, statusWF: { nodeCode: 'att_draft' }, monthlyStatement: null });
  });

  it('numbers concurrent creations on one order uniquely', async () => {
    const order = await fx.validatedOrder(market);
    const responses = await Promise.all(Array.from({ length: 5 }, () => send('POST', '/api/attachement', { order })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
    const references = responses.map((response) => response.json().reference as string).sort();
    expect(references.map((reference) => reference.slice(-4))).toEqual(['A001', 'A002', 'A003', 'A004', 'A005']);
  });

  it('refuses no order, an order not validated and an order out of scope, and writes nothing', async () => {
    const before = await countRows(testApp.db, attachments);
    const missing = await send('POST', '/api/attachement', { observation: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: ATTACHMENT_ORDER_REQUIRED_MESSAGE, fields: { order: expect.any(String) } });
    const draft = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const notValidated = await send('POST', '/api/attachement', { order: draft });
    expect(notValidated.statusCode).toBe(422);
    expect(notValidated.json().error).toBe(ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE);
    const other = (await demoMarkets(testApp.db))[1];
    const otherOrder = await createOrder(testApp.app, testApp.db, admin, other?.id ?? 0);
    const outOfScope = await send('POST', '/api/attachement', { order: otherOrder }, sst);
    expect(outOfScope.statusCode).toBe(400);
    expect((await send('POST', '/api/attachement', { order: 'abc' })).statusCode).toBe(400);
    expect(await countRows(testApp.db, attachments)).toBe(before);
  });
});

describe('lines, amount and retention (DESIGN §6)', () => {
  it('stores the sum of the rounded lines, the RG at the market rate and the net amount', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    const id = await fx.attachment(order);
    // an ordered prestation, and one of the BPU the order does not hold (BPU price)
    const saved = await fx.saveLines(id, [
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
    expect(await countRows(testApp.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(2);
    // zero removes an existing line
    const removed = await fx.saveLines(id, [{ prestation: price(2).prestation, quantity: '0' }]);
    expect(removed.json().record.amount).toBe(lineTotal(0, '2.5').toFixed(2));
    expect(await countRows(testApp.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(1);
  });

  it('keeps the price a line was attached at', async () => {
    const order = await fx.validatedOrder(market, ['10']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(3).prestation, quantity: '1' }]);
    const before = (await fx.detail(id)).amount;
    await testApp.db
      .update(prestationPrices)
      .set({ cost: '999.99' })
      .where(and(eq(prestationPrices.bpuId, market.bpuId), eq(prestationPrices.prestationId, price(3).prestation)));
    await fx.saveLines(id, [{ prestation: price(3).prestation, quantity: '2' }]);
    expect((await fx.detail(id)).amount).toBe(new Decimal(before).times(2).toFixed(2));
    await testApp.db
      .update(prestationPrices)
      .set({ cost: price(3).cost })
      .where(and(eq(prestationPrices.bpuId, market.bpuId), eq(prestationPrices.prestationId, price(3).prestation)));
  });

  it('refuses a duplicate, an unknown prestation and an invalid quantity, writing nothing', async () => {
    const order = await fx.validatedOrder(market);
    const id = await fx.attachment(order);
    const version = (await fx.detail(id)).version;
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
    expect(await countRows(testApp.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(0);
    const stale = await send('PUT', `/api/attachement/${id}`, { version: version + 5, observation: null, isDGD: false });
    expect(stale.statusCode).toBe(409);
  });

  it('applies the market retention type: not applicable, with threshold below and above it, or the order’s choice', async () => {
    const own = await marketWithBpu(testApp.app, testApp.db, admin);
    const order = await fx.validatedOrder(own, ['10']);
    const orderTotal = (await fx.json(await send('GET', `/api/order/${order}`))).total as string;
    const id = await fx.attachment(order);
    const setMarket = (values: Partial<typeof markets.$inferInsert>) =>
      testApp.db.update(markets).set(values).where(eq(markets.id, own.marketId));
    const rgAfterSave = async () => {
      const saved = await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json().record;
    };
    const expectedRg = (rate: string) =>
      lineTotal(0, '1').times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

    await setMarket({ depositType: 'notApplicable', rgRate: null, threshold: null });
    expect(await rgAfterSave()).toMatchObject({ totalRg: '0.00', rgRate: null, rgReleaseDate: null });

    await setMarket({ depositType: 'withThreshold', rgRate: '7.5', threshold: new Decimal(orderTotal).plus(1).toFixed(2) });
    expect(await rgAfterSave()).toMatchObject({ totalRg: '0.00', retention: { type: 'withThreshold' } });

    await testApp.db.update(orders).set({ depositType: 'basic' }).where(eq(orders.id, order));
    expect(await rgAfterSave()).toMatchObject({ totalRg: expectedRg('7.5'), rgRate: '7.50', retention: { type: 'basic' } });

    await testApp.db.update(orders).set({ depositType: null }).where(eq(orders.id, order));
    await setMarket({ threshold: orderTotal });
    expect(await rgAfterSave()).toMatchObject({ totalRg: expectedRg('7.5') });
  });

  it('dates the RG release from the order, and lets the financial option change it', async () => {
    const order = await fx.validatedOrder(market, ['10']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    expect((await fx.detail(id)).rgReleaseDate).toBeNull();
    await testApp.db.update(orders).set({ deliveryDate: '2024-02-29' }).where(eq(orders.id, order));
    expect((await fx.detail(id)).rgReleaseDate).toBe('2025-02-28');
    await testApp.db.update(orders).set({ releaseDate: '2027-06-30' }).where(eq(orders.id, order));
    expect((await fx.detail(id)).rgReleaseDate).toBe('2027-06-30');

    const changed = await send('PUT', `/api/attachement/${id}/warranties/releaseDate`, { releaseDate: '2027-09-15' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, message: ATTACHMENT_RELEASE_DATE_SUCCESS });
    expect((await fx.detail(id)).rgReleaseDate).toBe('2027-09-15');
    expect(
      (await send('GET', `/api/order/${order}/attachements`)).json().find((row: { id: number }) => row.id === id).rgReleaseDate,
    ).toBe('2027-09-15');

    const invalid = await send('PUT', `/api/attachement/${id}/warranties/releaseDate`, { releaseDate: '15/09/2027' });
    expect(invalid.statusCode).toBe(400);
    const withoutOption = await actingAs(testApp, { ...ALL_RIGHTS, options: [], visibility: 1 });
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

describe('editing rules (docs/decisions.md "Attachments")', () => {
  it('freezes a validated attachment for the cannot_edit_after_validation option, and every one once payment starts', async () => {
    const order = await fx.validatedOrder(market, ['10']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    await fx.validate(id);
    // the administrator holds every option, this one included
    const detail = await fx.detail(id);
    expect(detail).toMatchObject({ editable: false, editRefusal: ATTACHMENT_VALIDATED_EDIT_MESSAGE });
    const refused = await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '2' }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_VALIDATED_EDIT_MESSAGE);

    const editor = await editorAfterValidation();
    expect((await fx.detail(id, editor.token)).editable).toBe(true);
    const allowed = await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '2' }], editor.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().record.amount).toBe(lineTotal(0, '2').toFixed(2));

    const moved = await fx.move('attachement', id, 'att_to_prepared', 'att_prepared_for_payment');
    expect(moved.statusCode, moved.body).toBe(200);
    const afterPayment = await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '3' }], editor.token);
    expect(afterPayment.statusCode).toBe(422);
    expect(afterPayment.json().error).toBe(ATTACHMENT_PAYMENT_STARTED_MESSAGE);
  });

  it('refuses any change to a locked attachment, and its import', async () => {
    const order = await fx.validatedOrder(market);
    const id = await fx.attachment(order);
    await testApp.db.update(attachments).set({ locked: true }).where(eq(attachments.id, id));
    const refused = await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_LOCKED_MESSAGE);
    const form = importForm(csvFile([[...ATTACHMENT_CSV_HEADERS]]));
    const imported = await inject(testApp.app, {
      method: 'POST',
      url: `/api/attachement/${id}/import`,
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(imported.statusCode).toBe(422);
    expect(imported.json().error).toBe(ATTACHMENT_LOCKED_MESSAGE);
    expect((await send('DELETE', `/api/attachement/${id}/delete`)).statusCode).toBe(422);
  });

  it('deletes a draft or a refused attachment, never one under validation', async () => {
    const order = await fx.validatedOrder(market);
    const draft = await fx.attachment(order);
    const validating = await fx.attachment(order);
    const refused = await fx.attachment(order);
    await fx.move('attachement', validating, 'att_submit_to_cdp', 'att_validating');
    await fx.refuse(refused);
    const notDeleted = await send('DELETE', `/api/attachement/${validating}/delete`);
    expect(notDeleted.statusCode).toBe(422);
    expect(notDeleted.json().error).toBe(ATTACHMENT_DELETE_MESSAGE);
    for (const id of [draft, refused]) {
      expect((await send('DELETE', `/api/attachement/${id}/delete`)).json()).toEqual({ success: true });
      expect((await send('GET', `/api/attachement/${id}`)).statusCode).toBe(404);
      expect(
        await countRows(
          testApp.db,
          workflowTokens,
          and(eq(workflowTokens.entityName, 'attachement'), eq(workflowTokens.entityId, id)),
        ),
      ).toBe(0);
    }
  });

  it('keeps an attachment’s documents while in draft or validation, in the attachment’s scope', async () => {
    const order = await fx.validatedOrder(market, ['10']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    const upload = async () => {
      const body = multipart([
        { name: 'type', value: '1' },
        { name: 'entity', value: 'attachement' },
        { name: 'id', value: String(id) },
        { name: 'file', fileName: 'pv.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      const uploaded = await inject(testApp.app, { method: 'POST', url: '/api/document', token: admin, ...body });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return Number(uploaded.json().id);
    };
    const draftDocument = await upload();
    expect((await send('DELETE', `/api/document/${draftDocument}`)).statusCode).toBe(200);
    const kept = await upload();
    await fx.validate(id);
    const refused = await send('DELETE', `/api/document/${kept}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_DOCUMENT_DELETE_MESSAGE);
    const hidden = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'attachement', id: String(id) },
      token: (await actingAs(testApp, { read: ['attachement', 'document'], visibility: 2 })).token,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('prestations, import and export', () => {
  async function importFile(id: number, form: { payload: Buffer; headers: Record<string, string> }) {
    return inject(testApp.app, { method: 'POST', url: `/api/attachement/${id}/import`, token: admin, ...form });
  }

  it('lists the ordered and attached prestations, all the BPU on demand, the attached ones alone outside edit mode', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '3' }]);
    const rows = await fx.json(await send('GET', `/api/attachement/${id}/prestations`));
    expect(rows.map((row: { prestation: number }) => row.prestation).sort()).toEqual(
      [price(0).prestation, price(1).prestation].sort(),
    );
    expect(rows.find((row: { prestation: number }) => row.prestation === price(0).prestation)).toMatchObject({
      orderedQuantity: '10.0',
      cumulativePreviousQuantity: '0.0',
      quantity: '3.0',
      cumulativeQuantity: '3.0',
      total: lineTotal(0, '3').toFixed(2),
      overOrdered: false,
      lineId: expect.any(Number),
    });
    const all = await fx.json(await send('GET', `/api/attachement/${id}/prestations?displayAll=true`));
    expect(all.length).toBe(prices.length);
    const attached = await fx.json(await send('GET', `/api/attachement/${id}/prestations?onlyAttached=true&sort=code,desc`));
    expect(attached).toHaveLength(1);
    expect((await send('GET', `/api/attachement/${id}/prestations?sort=nope,asc`)).statusCode).toBe(400);

    const bpu = await fx.json(await send('GET', `/api/bpu/${market.bpuId}/attachement/prestations`));
    expect(bpu).toHaveLength(prices.length);
    expect(bpu[0]).toEqual(expect.objectContaining({ prestation: expect.any(Number), unitPrice: expect.any(String) }));
  });

  it('exports the lines for French Excel and imports this time’s quantities back', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    const id = await fx.attachment(order);
    const exported = await send('POST', `/api/attachement/${id}/export`, {});
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(exported.body);
    expect(rows[0]).toEqual([...ATTACHMENT_CSV_HEADERS]);
    expect(rows).toHaveLength(3);
    const quantityColumn = ATTACHMENT_CSV_HEADERS.indexOf('Quantité');
    const edited = rows.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === quantityColumn ? (index === 1 ? '2,5' : '1') : cell)),
    );
    const response = await importFile(id, importForm(csvFile(edited)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: IMPORT_SUCCESS_MESSAGE, updated: 2 });
    expect(await countRows(testApp.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(2);
    const again = csvRows((await send('POST', `/api/attachement/${id}/export`, {})).body);
    expect(
      again
        .slice(1)
        .map((row) => row[quantityColumn])
        .sort(),
    ).toEqual(['1,0', '2,5']);
  });

  it('exports in the BPU layout and reads that file back too', async () => {
    const order = await fx.validatedOrder(market, ['10']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '4' }]);
    const exported = await send('POST', `/api/attachement/${id}/export/bpu`, {});
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = csvRows(exported.body);
    expect(rows[0]).toEqual([...ATTACHMENT_BPU_CSV_HEADERS]);
    expect(rows).toHaveLength(prices.length + 1);
    const quantityColumn = ATTACHMENT_BPU_CSV_HEADERS.indexOf('Quantité');
    expect(rows.filter((row) => row[quantityColumn] === '4,0')).toHaveLength(1);
    const edited = rows.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === quantityColumn ? '1' : cell)),
    );
    const response = await importFile(id, importForm(csvFile(edited)));
    expect(response.statusCode, response.body).toBe(200);
    expect(await countRows(testApp.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(prices.length);
  });

  it('refuses a faulty file with its line numbers and writes nothing', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    const id = await fx.attachment(order);
    const rows = csvRows((await send('POST', `/api/attachement/${id}/export`, {})).body);
    const quantityColumn = ATTACHMENT_CSV_HEADERS.indexOf('Quantité');
    const codeColumn = ATTACHMENT_CSV_HEADERS.indexOf('Code');
    const withQuantity = (row: string[] | undefined, quantity: string) =>
      (row ?? []).map((cell, column) => (column === quantityColumn ? quantity : cell));
    const badQuantity = [rows[0] ?? [], withQuantity(rows[1], '2'), withQuantity(rows[2], '1,3')];
    const first = await importFile(id, importForm(csvFile(badQuantity)));
    expect(first.statusCode).toBe(400);
    expect(first.json().detail).toContain('Ligne 3');
    expect(first.json().detail).toContain(ORDER_QUANTITY_INVALID_MESSAGE);
    const unknownCode = [
      rows[0] ?? [],
      withQuantity(rows[1], '2'),
      (rows[2] ?? []).map((cell, column) => (column === codeColumn ? 'INCONNU' : cell)),
    ];
    const second = await importFile(id, importForm(csvFile(unknownCode)));
    expect(second.json().errors).toEqual([expect.stringMatching(/^Ligne 3 : .*INCONNU/)]);
    const duplicated = [rows[0] ?? [], withQuantity(rows[1], '2'), withQuantity(rows[1], '3')];
    const third = await importFile(id, importForm(csvFile(duplicated)));
    expect(third.json().detail).toContain('figure déjà à la ligne 2');
    const header = await importFile(
      id,
      importForm(
        csvFile([
          ['Code', 'Quantité'],
          ['X', '1'],
        ]),
      ),
    );
    expect(header.statusCode).toBe(400);
    expect(header.json().detail).toContain('En-tête de fichier inattendu');
    const notCsv = await importFile(id, importForm(Buffer.from('%PDF-1.4'), 'attachement.pdf'));
    expect(notCsv.statusCode).toBe(400);
    expect(await countRows(testApp.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(0);
  });
});

describe('list, rights and scope', () => {
  it('lists every column of the screen, filtered by All / My scope / My tasks, with totals and CSV', async () => {
    const order = await fx.validatedOrder(market, ['10']);
    const id = await fx.attachment(order);
    await fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    for (const filter of ['all', 'canDo', 'haveToDo']) {
      const response = await send('GET', `/api/attachements?filter=${filter}&sort=amount,desc&summary=true&size=200`);
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.json().content.some((row: { id: number }) => row.id === id),
        filter,
      ).toBe(true);
    }
    const page = await fx.json(
      await send('GET', `/api/attachements?filters=${encodeURIComponent(JSON.stringify({ id: String(id) }))}`),
    );
    expect(page.totalElements).toBe(1);
    expect(Object.keys(page.content[0]).sort()).toEqual(
      [
        'id',
        'reference',
        'orderId',
        'orderReference',
        'orderName',
        'marketId',
        'marketEdifice',
        'agencyId',
        'agencyName',
        'projectId',
        'projectName',
        'contractNumber',
        'clientMarket',
        'clientBdc',
        'oscarSubProjectName',
        'arcgisName',
        'nroName',
        'offerIdPm',
        'imputationEotp',
        'oracleProjectName',
        'oracleTaskName',
        'oracleStatus',
        'followerId',
        'followerName',
        'amount',
        'totalRg',
        'depositUsed',
        'rgReleaseDate',
        'isDGD',
        'nodeId',
        'nodeName',
        'monthlyStatementId',
        'nodeCode',
        'creatorName',
        'createdAt',
      ].sort(),
    );
    expect(page.content[0]).toMatchObject({ orderId: order, amount: lineTotal(0, '1').toFixed(2), nodeCode: 'att_draft' });
    expect((await send('GET', '/api/attachements?filter=mine')).statusCode).toBe(400);
    const csv = await send('POST', '/api/attachements/csv', { filter: 'all', ids: String(id) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csvRows(csv.body)).toHaveLength(2);
    expect(csv.body).toContain(page.content[0].reference);
  });

  it('picks a page’s ids over the attachments, the orders and the joins its filters and sort read', async () => {
    const first = await fx.validatedOrder(market, ['10']);
    for (const quantity of ['1', '2', '3']) {
      const id = await fx.attachment(first);
      await fx.saveLines(id, [{ prestation: price(0).prestation, quantity }]);
    }
    await fx.validate(await fx.attachment(await fx.validatedOrder(market, ['10'])));
    const dialect = new PgDialect();
    const byAgency = parseListQuery({ sort: 'reference,asc', filters: JSON.stringify({ agencyName: 'a' }) });
    const statements = buildListStatements(attachmentList, byAgency, null);
    const inner = dialect.sqlToQuery(statements.page).sql.split(' = ANY(ARRAY(SELECT ')[1] ?? '';
    expect(inner).toMatch(
      /^att\.id FROM attachments att LEFT JOIN orders o ON o\.id = att\.order_id JOIN agencies a ON a\.id = o\.agency_id WHERE /,
    );
    expect(inner).not.toMatch(/markets|workflow_tokens|users|projects/);
    expect(dialect.sqlToQuery(statements.count).sql).toMatch(
      /FROM attachments att LEFT JOIN orders o ON o\.id = att\.order_id JOIN agencies a/,
    );
    // the same rows, order, count and totals as the single query over every join
    const columns = Object.fromEntries(
      Object.entries(attachmentList.columns).map(([name, { join: _join, ...column }]) => [name, column]),
    );
    for (const wire of [
      { sort: 'reference,asc', filters: JSON.stringify({ agencyName: 'a' }), summary: 'true' },
      { sort: 'amount,desc', size: '2', page: '1' },
      { sort: 'nodeName,asc', filters: JSON.stringify({ creatorName: 'a', marketEdifice: 'e' }), size: '3' },
      { sort: 'followerName,desc', filters: JSON.stringify({ nodeCode: 'att_draft' }), summary: 'true' },
    ]) {
      const query = parseListQuery(wire) as PageQuery;
      const idsFirst = await runList(testApp.db, attachmentList, query, null);
      expect(idsFirst.totalElements, JSON.stringify(wire)).toBeGreaterThan(0);
      expect(idsFirst, JSON.stringify(wire)).toEqual(await runList(testApp.db, { ...attachmentList, columns }, query, null));
    }
  });

  it('shows a subcontractor only the attachments of its agencies, by list and by id', async () => {
    const [own, other] = await demoMarkets(testApp.db);
    const ownMarket = { marketId: own?.id ?? 0, bpuId: 0 };
    const otherMarket = { marketId: other?.id ?? 0, bpuId: 0 };
    const ownOrder = await fx.validatedOrder(ownMarket, []);
    const otherOrder = await fx.validatedOrder(otherMarket, []);
    // the subcontractor attaches its own order (it holds the create right in the demo)
    const ownAttachment = await fx.attachment(ownOrder, {}, sst);
    const otherAttachment = await fx.attachment(otherOrder);
    const list = await fx.json(await send('GET', '/api/attachements?size=200', undefined, sst));
    const rows: { id: number; agencyId: number }[] = list.content;
    expect(rows.some((row) => row.id === ownAttachment)).toBe(true);
    expect(rows.every((row) => row.agencyId === own?.agencyId)).toBe(true);
    for (const url of [
      `/api/attachement/${otherAttachment}`,
      `/api/attachement/${otherAttachment}/prestations`,
      `/api/wftoken/attachement/${otherAttachment}`,
      `/api/order/${otherOrder}/attachements`,
    ]) {
      expect((await send('GET', url, undefined, sst)).statusCode, url).toBe(404);
    }
    expect((await send('POST', `/api/attachement/${otherAttachment}/export`, {}, sst)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/attachement/${otherAttachment}/delete`, undefined, sst)).statusCode).toBe(404);
    const [otherBpu] = await testApp.db
      .select({ id: bpus.id })
      .from(bpus)
      .where(eq(bpus.marketId, other?.id ?? 0));
    const [ownBpu] = await testApp.db
      .select({ id: bpus.id })
      .from(bpus)
      .where(eq(bpus.marketId, own?.id ?? 0));
    expect((await send('GET', `/api/bpu/${otherBpu?.id}/attachement/prestations`, undefined, sst)).statusCode).toBe(404);
    expect((await send('GET', `/api/bpu/${ownBpu?.id}/attachement/prestations`, undefined, sst)).statusCode).toBe(200);
    const csv = await send('POST', '/api/attachements/csv', {}, sst);
    expect(csv.body).not.toContain((await fx.detail(otherAttachment)).reference);
    expect((await fx.detail(ownAttachment, sst)).id).toBe(ownAttachment);
    expect((await fx.json(await send('GET', `/api/order/${ownOrder}/attachements`, undefined, sst))).length).toBeGreaterThan(0);
  });

  it('needs the attachment rights', async () => {
    const order = await fx.validatedOrder(market);
    const id = await fx.attachment(order);
    const reader = await actingAs(testApp, { read: ['attachement', 'order'], visibility: 1 });
    expect((await send('GET', `/api/attachement/${id}`, undefined, reader.token)).statusCode).toBe(200);
    expect((await send('POST', '/api/attachement', { order }, reader.token)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/attachement/${id}/delete`, undefined, reader.token)).statusCode).toBe(403);
    const nobody = await actingAs(testApp, {});
    expect((await send('GET', `/api/attachement/${id}`, undefined, nobody.token)).statusCode).toBe(403);
    expect((await send('GET', '/api/attachements', undefined, nobody.token)).statusCode).toBe(403);
  });
});
