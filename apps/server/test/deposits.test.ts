import {
  DEPOSIT_AMOUNT_BELOW_USED_MESSAGE,
  DEPOSIT_AMOUNT_INVALID_MESSAGE,
  DEPOSIT_AMOUNT_MIN_MESSAGE,
  DEPOSIT_AMOUNT_REQUIRED_MESSAGE,
  DEPOSIT_NOT_APPLICABLE_MESSAGE,
  DEPOSIT_OPTION_MESSAGE,
  DEPOSIT_REFERENCE_DUPLICATE_MESSAGE,
  type DepositRecord,
  type DepositRow,
  formatCsvNumber,
  type OwnerDeposits,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deposits, orders } from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { subcontractorOfFirstMarket, withoutFinancialOption } from './deposits-fixtures.js';
import { countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { createMarket } from './markets-fixtures.js';
import { createOrder, demoMarkets, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { csvRows } from './price-schedules-fixtures.js';

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

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  inject(testApp.app, { method, url, token, payload });

async function list(query: Record<string, string>, token = admin) {
  const response = await inject(testApp.app, { method: 'GET', url: '/api/deposit', token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: DepositRow[]; totalElements: number; summary?: Record<string, string> }>();
}

async function addToMarket(marketId: number, body: Record<string, unknown> = {}, token = admin) {
  return send('POST', `/api/market/${marketId}/deposit`, { reference: uniqueName('AV'), amount: '300.00', ...body }, token);
}

async function ownerDeposits(url: string, token = admin): Promise<OwnerDeposits> {
  const response = await send('GET', url, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A market with a BPU, a 300 € deposit on it, and a validated order whose validated attachment consumed part of it. */
async function consumedDeposit() {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  const created = await addToMarket(market.marketId);
  expect(created.statusCode, created.body).toBe(200);
  const depositId = created.json().id as number;
  const order = await fx.validatedOrder(market, ['10', '4']);
  const attachment = await fx.attachment(order);
  const [price] = await pricesOf(testApp.db, market.bpuId);
  expect((await fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: '1' }])).statusCode).toBe(200);
  await fx.validate(attachment);
  return { market, depositId, order, attachment, detail: await fx.detail(attachment) };
}

describe('the deposits list (spec 2 Deposits list)', () => {
  it('shows each deposit with what was used and remaining = amount − used, newest first', async () => {
    const { market, depositId, detail } = await consumedDeposit();
    expect(new Decimal(detail.depositUsed).greaterThan(0)).toBe(true);
    const second = await addToMarket(market.marketId, { amount: '40.5', reimbursementDate: '2027-02-28' });
    const page = await list({ filters: JSON.stringify({ marketId: String(market.marketId) }), summary: 'true' });
    expect(page.content.map((row) => row.id)).toEqual([second.json().id, depositId]);
    const consumed = page.content.find((row) => row.id === depositId);
    expect(consumed).toMatchObject({
      amount: '300.00',
      depositUsed: detail.depositUsed,
      remaining: new Decimal('300').minus(detail.depositUsed).toFixed(2),
      marketId: market.marketId,
      orderId: null,
      depositType: 'basic',
    });
    expect(page.content[0]).toMatchObject({
      amount: '40.50',
      depositUsed: '0.00',
      remaining: '40.50',
      reimbursementDate: '2027-02-28',
    });
    expect(page.summary).toEqual({
      amount: '340.50',
      depositUsed: detail.depositUsed,
      remaining: new Decimal('340.50').minus(detail.depositUsed).toFixed(2),
    });
  });

  it('filters by project, market and reference', async () => {
    const [first, second] = await demoMarkets(testApp.db);
    const reference = uniqueName('FILTRE');
    const mine = await addToMarket(first?.id ?? 0, { reference });
    await addToMarket(second?.id ?? 0, { reference: `${reference}-autre` });
    const byReference = await list({ filters: JSON.stringify({ reference: reference.toLowerCase() }) });
    expect(byReference.totalElements).toBe(2);
    const byMarket = await list({ filters: JSON.stringify({ reference, marketId: String(first?.id) }) });
    expect(byMarket.content.map((row) => row.id)).toEqual([mine.json().id]);
    const projectId = byMarket.content[0]?.projectId ?? 0;
    const byProject = await list({ filters: JSON.stringify({ projectId: String(projectId) }), size: '200' });
    expect(byProject.content.every((row) => row.projectId === projectId)).toBe(true);
    const none = await list({ filters: JSON.stringify({ projectId: String(projectId + 100_000) }) });
    expect(none.totalElements).toBe(0);
    const references = await send('GET', `/api/deposit/references?search=${encodeURIComponent(reference)}`);
    expect(references.json()).toEqual([reference, `${reference}-autre`]);
  });

  it('refuses an unknown filter column with 400', async () => {
    const response = await inject(testApp.app, {
      method: 'GET',
      url: '/api/deposit',
      token: admin,
      query: { filters: JSON.stringify({ secret: 'x' }) },
    });
    expect(response.statusCode).toBe(400);
  });

  it('exports the same query as CSV with French headers, remaining included', async () => {
    const { market, detail } = await consumedDeposit();
    const response = await send('POST', '/api/deposit/csv', { filters: JSON.stringify({ marketId: String(market.marketId) }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(
      expect.arrayContaining(['Référence', 'Contrat de sous-traitance', 'Projet', 'Montant (€)', 'Consommé (€)', 'Restant (€)']),
    );
    expect(header).not.toContain('Marché (id)');
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]?.[header?.indexOf(name) ?? -1];
    // the French build writes a decimal comma (docs/money.md)
    expect(cell('Restant (€)')).toBe(formatCsvNumber(new Decimal('300').minus(detail.depositUsed).toFixed(2), 'fr'));
    expect(cell('Restant (€)')).toMatch(/^\d+,\d{2}$/);
  });
});

describe('the per-attachment usage map', () => {
  it('lists the attachments that consumed a deposit and how much, in the blocks and on its own', async () => {
    const { market, depositId, attachment, detail, order } = await consumedDeposit();
    const usages = await send('GET', `/api/deposit/${depositId}/attachements`);
    expect(usages.statusCode, usages.body).toBe(200);
    expect(usages.json()).toEqual([
      expect.objectContaining({ attachment, reference: detail.reference, order, amount: detail.depositUsed }),
    ]);
    const block = await ownerDeposits(`/api/market/${market.marketId}/deposits`);
    const record = block.content.find((row: DepositRecord) => row.id === depositId);
    expect(record?.attachements).toEqual(usages.json());
    expect(detail.warranties).toEqual([expect.objectContaining({ deposit: depositId, depositUsed: detail.depositUsed })]);
  });
});

describe('the order and market blocks', () => {
  it('adds a deposit to a market (for any order) and to an order (for it alone)', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const onMarket = await addToMarket(market.marketId, { reference: '  AV-MARCHE ', reimbursementDate: '2027-06-30' });
    expect(onMarket.statusCode, onMarket.body).toBe(200);
    expect(onMarket.json()).toMatchObject({ success: true, id: expect.any(Number) });
    const order = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const other = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const onOrder = await send('POST', `/api/order/${order}/deposit`, { reference: 'AV-COMMANDE', amount: 120 });
    expect(onOrder.statusCode, onOrder.body).toBe(200);
    await send('POST', `/api/order/${other}/deposit`, { reference: 'AV-AUTRE', amount: '10' });

    const orderBlock = await ownerDeposits(`/api/order/${order}/deposits`);
    expect(orderBlock).toMatchObject({ depositType: 'basic', editRefusal: null });
    expect(orderBlock.content.map((row) => [row.reference, row.orderId])).toEqual([
      ['AV-COMMANDE', order],
      ['AV-MARCHE', null],
    ]);
    expect(orderBlock.content[0]).toMatchObject({ amount: '120.00', remaining: '120.00', attachements: [] });
    const marketBlock = await ownerDeposits(`/api/market/${market.marketId}/deposits`);
    expect(marketBlock.content.map((row) => row.reference)).toEqual(['AV-AUTRE', 'AV-COMMANDE', 'AV-MARCHE']);
    const audit = await countRows(testApp.db, auditLog, eq(auditLog.entity, 'deposit'));
    expect(audit).toBeGreaterThanOrEqual(3);
  });

  it('refuses an amount that is missing, negative or not a number with 400 and the field, and accepts 0', async () => {
    const [first] = await demoMarkets(testApp.db);
    const marketId = first?.id ?? 0;
    const before = await countRows(testApp.db, deposits);
    const cases: [unknown, string][] = [
      [undefined, DEPOSIT_AMOUNT_REQUIRED_MESSAGE],
      ['', DEPOSIT_AMOUNT_REQUIRED_MESSAGE],
      ['-0.01', DEPOSIT_AMOUNT_MIN_MESSAGE],
      [-5, DEPOSIT_AMOUNT_MIN_MESSAGE],
      ['douze', DEPOSIT_AMOUNT_INVALID_MESSAGE],
      ['1.234', DEPOSIT_AMOUNT_INVALID_MESSAGE],
    ];
    for (const [amount, message] of cases) {
      const response = await send('POST', `/api/market/${marketId}/deposit`, { reference: uniqueName('AV'), amount });
      expect(response.statusCode, `${String(amount)}: ${response.body}`).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await countRows(testApp.db, deposits)).toBe(before);
    const zero = await addToMarket(marketId, { amount: '0' });
    expect(zero.statusCode, zero.body).toBe(200);
    const missingReference = await send('POST', `/api/market/${marketId}/deposit`, { reference: '  ', amount: '5' });
    expect(missingReference.statusCode).toBe(400);
  });

  it('refuses a second deposit with the same reference on a market', async () => {
    const [first] = await demoMarkets(testApp.db);
    const reference = uniqueName('AV');
    expect((await addToMarket(first?.id ?? 0, { reference })).statusCode).toBe(200);
    const again = await addToMarket(first?.id ?? 0, { reference });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      detail: DEPOSIT_REFERENCE_DUPLICATE_MESSAGE,
      fields: { reference: expect.any(String) },
    });
  });

  it('needs the financial option to add or edit, and says so in the block (422, French message)', async () => {
    const [first] = await demoMarkets(testApp.db);
    const marketId = first?.id ?? 0;
    const existing = (await addToMarket(marketId)).json().id as number;
    const profile = await withoutFinancialOption(testApp);
    const block = await ownerDeposits(`/api/market/${marketId}/deposits`, profile.token);
    expect(block.editRefusal).toBe(DEPOSIT_OPTION_MESSAGE);
    const added = await addToMarket(marketId, {}, profile.token);
    expect(added.statusCode).toBe(422);
    expect(added.json().error).toBe(DEPOSIT_OPTION_MESSAGE);
    const edited = await send('PUT', `/api/deposit/${existing}`, { reference: 'X', amount: '1', version: 1 }, profile.token);
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error).toBe(DEPOSIT_OPTION_MESSAGE);
  });

  it('refuses deposits when the retention type is not applicable (market or order)', async () => {
    const marketId = await createMarket(testApp.app, testApp.db, admin, { depositType: 'notApplicable', rgRate: null });
    const block = await ownerDeposits(`/api/market/${marketId}/deposits`);
    expect(block).toMatchObject({ depositType: 'notApplicable', editRefusal: DEPOSIT_NOT_APPLICABLE_MESSAGE });
    const added = await addToMarket(marketId);
    expect(added.statusCode).toBe(422);
    expect(added.json().error).toBe(DEPOSIT_NOT_APPLICABLE_MESSAGE);
    const [row] = await testApp.db
      .insert(deposits)
      .values({ reference: uniqueName('AV'), marketId, amount: '10' })
      .returning({ id: deposits.id });
    const edited = await send('PUT', `/api/deposit/${row?.id}`, { reference: 'AV-X', amount: '12', version: 1 });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error).toBe(DEPOSIT_NOT_APPLICABLE_MESSAGE);

    // the order's own retention type wins over its market's
    const basic = await marketWithBpu(testApp.app, testApp.db, admin);
    const order = await createOrder(testApp.app, testApp.db, admin, basic.marketId);
    await testApp.db.update(orders).set({ depositType: 'notApplicable' }).where(eq(orders.id, order));
    expect((await ownerDeposits(`/api/order/${order}/deposits`)).editRefusal).toBe(DEPOSIT_NOT_APPLICABLE_MESSAGE);
    const onOrder = await send('POST', `/api/order/${order}/deposit`, { reference: 'AV-NA', amount: '5' });
    expect(onOrder.statusCode).toBe(422);
    expect((await ownerDeposits(`/api/market/${basic.marketId}/deposits`)).editRefusal).toBeNull();
  });
});

describe('the inline edit (PUT /deposit/{id})', () => {
  it('saves reference, amount and reimbursement date, with the version', async () => {
    const [first] = await demoMarkets(testApp.db);
    const id = (await addToMarket(first?.id ?? 0)).json().id as number;
    const reference = uniqueName('AV-MODIF');
    const saved = await send('PUT', `/api/deposit/${id}`, {
      reference,
      amount: '450,25',
      reimbursementDate: '2027-12-31',
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      record: { id, version: 2, reference, amount: '450.25', remaining: '450.25', reimbursementDate: '2027-12-31' },
    });
    const stale = await send('PUT', `/api/deposit/${id}`, { reference, amount: '1', version: 1 });
    expect(stale.statusCode).toBe(409);
    const missing = await send('PUT', `/api/deposit/${id}`, { reference, version: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.amount).toBe(DEPOSIT_AMOUNT_REQUIRED_MESSAGE);
  });

  it('refuses an amount below what the attachments already consumed', async () => {
    const { depositId, detail } = await consumedDeposit();
    const below = new Decimal(detail.depositUsed).minus('0.01').toFixed(2);
    const refused = await send('PUT', `/api/deposit/${depositId}`, { reference: 'AV-BAS', amount: below, version: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(DEPOSIT_AMOUNT_BELOW_USED_MESSAGE.replace('{used}', detail.depositUsed.replace('.', ',')));
    const exact = await send('PUT', `/api/deposit/${depositId}`, {
      reference: 'AV-EXACT',
      amount: detail.depositUsed,
      version: 1,
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().record).toMatchObject({ remaining: '0.00', depositUsed: detail.depositUsed });
  });
});

describe('the scope', () => {
  it("never shows a subcontractor another agency's deposits, even on a shared project", async () => {
    const [first, second] = await demoMarkets(testApp.db);
    const mine = (await addToMarket(first?.id ?? 0)).json().id as number;
    const theirs = (await addToMarket(second?.id ?? 0)).json().id as number;
    const subcontractor = await subcontractorOfFirstMarket(testApp);
    const seen = await list({ size: '200' }, subcontractor.token);
    const ids = seen.content.map((row) => row.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(seen.content.every((row) => row.agencyId === first?.agencyId)).toBe(true);
    expect((await send('GET', `/api/market/${second?.id}/deposits`, undefined, subcontractor.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/deposit/${theirs}/attachements`, undefined, subcontractor.token)).statusCode).toBe(404);
    const edit = await send('PUT', `/api/deposit/${theirs}`, { reference: 'X', amount: '1', version: 1 }, subcontractor.token);
    expect(edit.statusCode).toBe(404);
    expect((await addToMarket(second?.id ?? 0, {}, subcontractor.token)).statusCode).toBe(404);
    const csv = await send('POST', '/api/deposit/csv', {}, subcontractor.token);
    expect(csv.body).not.toContain(second?.edifice ?? 'none');
  });
});
