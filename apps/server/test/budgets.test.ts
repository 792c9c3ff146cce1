import {
  BUDGET_OD_DATE_MESSAGE,
  BUDGET_OD_RANGE_MESSAGE,
  type BudgetOdRow,
  type BudgetWarrantyRow,
  type Dc4Row,
  type QuantitativeRow,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deposits,
  imputations,
  markets,
  monthlyStatements,
  orders,
  prestationPrices,
  prestations,
  prestationTypes,
  projects,
  users,
} from '../src/db/schema/index.js';
import { budgetWarrantyList, dc4Figures } from '../src/modules/budgets/index.js';
import { depositPaidMismatches, recomputedOrderSummaries, storedOrderSummaries } from '../src/modules/orders/index.js';
import { buildTotalsStatement, type PageQuery, parseListQuery } from '../src/platform/list-engine.js';
import { createPrincipalLoader } from '../src/platform/principal.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { budgetWarrantiesNowAndBefore } from './budget-warranties-former-query.js';
import { createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { csvRows } from './price-schedules-fixtures.js';

/**
 * The budget screens against a fixture computed by hand (docs/money.md "Budgets"): two projects, three
 * markets whose BPUs price P0 at 100.00 and P1 at 12.50 (retention basic 5 %):
 *
 * - M1 (project A, ceiling 1,000.00, eOTP ST `ST-M1`): order O1 validated (10 P0 + 4 P1 = 1,050.00, imputation
 *   `EOTP-A`), order O1b in draft (5 P0 = 500.00). O1's attachments: a1 3 P0 = 300.00 validated, invoiced in
 *   statement S1 paid (2026-01-15); a2 2 P0 + 2 P1 = 225.00 validated, in statement S2 unpaid (2026-02-10);
 *   a3 2 P1 = 25.00 validated, in no statement; a4 1 P0 draft; a5 1 P0 refused; a6 1 P1 awaiting validation.
 * - M2 (project A, ceiling 5,000.00): order O2 validated (4 P0 = 400.00) with a deposit of 50.00; a7 4 P0 =
 *   400.00 validated (consumes the 50.00), in no statement; its RG (20.00) released by statement S3.
 * - M3 (project B, ceiling 300.00, a payment guarantee on the project): order O3 validated (5 P0 + 2 P1 =
 *   525.00); a8 4 P0 = 400.00 validated, in statement S4 paid (2026-03-05).
 */
let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;
const P0 = '100.00';
const P1 = '12.50';
const ids = {} as Record<'m1' | 'm2' | 'm3' | 'o1' | 'o1b' | 'o2' | 'o3' | 'projectA' | 'projectB', number> &
  Record<'s1' | 's2' | 's3' | 's4' | 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'a7' | 'a8', number>;
let prestationIds: [number, number];
let typeNames: [string, string];

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
  inject(testApp.app, { method, url, token, payload: payload as object });

async function list<T>(url: string, query: Record<string, string> = {}, token = admin) {
  const response = await inject(testApp.app, { method: 'GET', url, token, query: { size: '200', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: T[]; totalElements: number; summary?: Record<string, string> }>();
}

/** A market with a BPU pricing P0 at 100.00 and P1 at 12.50, on this project and under this ceiling. */
async function market(projectId: number, ceiling: string, eotpSt: string | null = null) {
  const created = await marketWithBpu(testApp.app, testApp.db, admin);
  await testApp.db
    .update(markets)
    .set({ projectId, maxAmountDc4: ceiling, eotpSt, depositType: 'basic', rgRate: '5' })
    .where(eq(markets.id, created.marketId));
  const prices = await pricesOf(testApp.db, created.bpuId);
  const [first, second] = prices;
  prestationIds = [first?.prestation ?? 0, second?.prestation ?? 0];
  for (const [prestation, cost] of [
    [prestationIds[0], P0],
    [prestationIds[1], P1],
  ] as const) {
    await testApp.db
      .update(prestationPrices)
      .set({ cost })
      .where(and(eq(prestationPrices.bpuId, created.bpuId), eq(prestationPrices.prestationId, prestation)));
  }
  return created;
}

async function attachment(order: number, lines: [number, string][], state: 'draft' | 'validating' | 'validated' | 'refused') {
  const id = await fx.attachment(order);
  const saved = await fx.saveLines(
    id,
    lines.map(([index, quantity]) => ({ prestation: prestationIds[index] ?? 0, quantity })),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  if (state === 'validated') {
    await fx.validate(id);
  } else if (state === 'refused') {
    await fx.refuse(id);
  } else if (state === 'validating') {
    const moved = await fx.move('attachement', id, 'att_submit_to_cdp', 'att_validating');
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

async function statement(marketId: number, date: string, attachments: number[], paid: boolean) {
  const created = await send('POST', '/api/situation/create', { market: marketId });
  expect(created.statusCode, created.body).toBe(200);
  const id = Number(created.json().id);
  await testApp.db.update(monthlyStatements).set({ date }).where(eq(monthlyStatements.id, id));
  if (attachments.length > 0) {
    const added = await send('POST', `/api/situation/${id}/attachement`, attachments);
    expect(added.statusCode, added.body).toBe(200);
  }
  if (paid) {
    const marked = await send('POST', `/api/situation/${id}/paid`);
    expect(marked.statusCode, marked.body).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  const [projectA, projectB] = await testApp.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(2);
  ids.projectA = projectA?.id ?? 0;
  ids.projectB = projectB?.id ?? 0;
  await testApp.db.update(projects).set({ paymentGuarantee: true }).where(eq(projects.id, ids.projectB));
  await testApp.db.update(projects).set({ paymentGuarantee: false }).where(eq(projects.id, ids.projectA));

  const m1 = await market(ids.projectA, '1000.00', 'ST-M1');
  // two prestation types, one per prestation, so the OD mask splits a2
  const types = await testApp.db.select().from(prestationTypes).orderBy(asc(prestationTypes.id)).limit(2);
  typeNames = [types[0]?.name ?? '', types[1]?.name ?? ''];
  await testApp.db
    .update(prestations)
    .set({ typeId: types[0]?.id ?? 0 })
    .where(eq(prestations.id, prestationIds[0]));
  await testApp.db
    .update(prestations)
    .set({ typeId: types[1]?.id ?? 0 })
    .where(eq(prestations.id, prestationIds[1]));
  const m2 = await market(ids.projectA, '5000.00');
  const m3 = await market(ids.projectB, '300.00');
  ids.m1 = m1.marketId;
  ids.m2 = m2.marketId;
  ids.m3 = m3.marketId;

  ids.o1 = await fx.validatedOrder(m1, ['10', '4']);
  const [imputation] = await testApp.db
    .insert(imputations)
    .values({ projectId: ids.projectA, eotp: uniqueName('EOTP-A') })
    .returning({ id: imputations.id, eotp: imputations.eotp });
  eotpA = imputation?.eotp ?? '';
  await testApp.db
    .update(orders)
    .set({ imputationId: imputation?.id ?? null })
    .where(eq(orders.id, ids.o1));
  ids.o1b = await (async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, m1.marketId);
    const order = await fx.json(await send('GET', `/api/order/${id}`));
    await fx.json(
      await inject(testApp.app, {
        method: 'PUT',
        url: `/api/order/${id}`,
        token: admin,
        payload: { ...order, prestationOSs: [{ prestation: prestationIds[0], quantity: '5' }] },
      }),
    );
    return id;
  })();
  ids.a1 = await attachment(ids.o1, [[0, '3']], 'validated');
  ids.a2 = await attachment(
    ids.o1,
    [
      [0, '2'],
      [1, '2'],
    ],
    'validated',
  );
  ids.a3 = await attachment(ids.o1, [[1, '2']], 'validated');
  ids.a4 = await attachment(ids.o1, [[0, '1']], 'draft');
  ids.a5 = await attachment(ids.o1, [[0, '1']], 'refused');
  ids.a6 = await attachment(ids.o1, [[1, '1']], 'validating');
  ids.s1 = await statement(ids.m1, '2026-01-15', [ids.a1], true);
  ids.s2 = await statement(ids.m1, '2026-02-10', [ids.a2], false);

  ids.o2 = await fx.validatedOrder(m2, ['4']);
  await fx.deposit(ids.m2, '50.00', ids.o2);
  ids.a7 = await attachment(ids.o2, [[0, '4']], 'validated');
  ids.s3 = await statement(ids.m2, '2026-02-20', [], false);
  const released = await send('POST', `/api/situation/${ids.s3}/rg`, [ids.a7]);
  expect(released.statusCode, released.body).toBe(200);

  ids.o3 = await fx.validatedOrder(m3, ['5', '2']);
  ids.a8 = await attachment(ids.o3, [[0, '4']], 'validated');
  ids.s4 = await statement(ids.m3, '2026-03-05', [ids.a8], true);
});

let eotpA = '';

afterAll(async () => {
  await testApp?.close();
});

const DC4: Record<'m1' | 'm2' | 'm3', Omit<Dc4Row, 'id' | 'projectId' | 'projectName' | 'marketEdifice' | 'agencyName'>> = {
  m1: {
    maxAmountDc4Ht: '1000.00',
    amountPayedAttachments: '300.00',
    amountMonthlyStatementAttachments: '225.00',
    amountValidatedAttachments: '25.00',
    totalAttachementAmount: '550.00',
    availableOnDc4: '450.00',
    amountOrdered: '1050.00',
    radAmount: '500.00',
    availableOnDc4WithRAD: '-50.00',
  },
  m2: {
    maxAmountDc4Ht: '5000.00',
    amountPayedAttachments: '0.00',
    amountMonthlyStatementAttachments: '0.00',
    amountValidatedAttachments: '400.00',
    totalAttachementAmount: '400.00',
    availableOnDc4: '4600.00',
    amountOrdered: '400.00',
    radAmount: '0.00',
    availableOnDc4WithRAD: '4600.00',
  },
  m3: {
    maxAmountDc4Ht: '300.00',
    amountPayedAttachments: '400.00',
    amountMonthlyStatementAttachments: '0.00',
    amountValidatedAttachments: '0.00',
    totalAttachementAmount: '400.00',
    availableOnDc4: '-100.00',
    amountOrdered: '525.00',
    radAmount: '125.00',
    availableOnDc4WithRAD: '-225.00',
  },
};

const filters = (values: Record<string, string>) => JSON.stringify(values);
const ourMarkets = () => [ids.m1, ids.m2, ids.m3].join(',');

describe('the DC4 (spec 2 DC4 row)', () => {
  it('shows every figure of every market, computed by hand, with links and totals', async () => {
    const { content, totalElements, summary } = await list<Dc4Row>('/api/budget/dc4', {
      filters: filters({ id: ourMarkets() }),
      summary: 'true',
    });
    expect(totalElements).toBe(3);
    for (const key of ['m1', 'm2', 'm3'] as const) {
      const row = content.find((entry) => entry.id === ids[key]);
      expect(row, key).toMatchObject(DC4[key]);
    }
    expect(content.find((entry) => entry.id === ids.m3)?.projectId).toBe(ids.projectB);
    expect(content.find((entry) => entry.id === ids.m1)?.projectId).toBe(ids.projectA);
    expect(summary).toMatchObject({
      maxAmountDc4Ht: '6300.00',
      amountPayedAttachments: '700.00',
      amountMonthlyStatementAttachments: '225.00',
      amountValidatedAttachments: '425.00',
      totalAttachementAmount: '1350.00',
      availableOnDc4: '4950.00',
      amountOrdered: '1975.00',
      radAmount: '625.00',
      availableOnDc4WithRAD: '4325.00',
    });
  });

  it('reconciles each market with its attachments, its statements and its orders', async () => {
    const { content } = await list<Dc4Row>('/api/budget/dc4', { filters: filters({ id: ourMarkets() }) });
    const attachmentsOf: Record<string, number[]> = {
      m1: [ids.a1, ids.a2, ids.a3, ids.a4, ids.a5, ids.a6],
      m2: [ids.a7],
      m3: [ids.a8],
    };
    const statementsOf: Record<string, number[]> = { m1: [ids.s1, ids.s2], m2: [ids.s3], m3: [ids.s4] };
    const ordersOf: Record<string, number[]> = { m1: [ids.o1, ids.o1b], m2: [ids.o2], m3: [ids.o3] };
    for (const key of ['m1', 'm2', 'm3'] as const) {
      const row = content.find((entry) => entry.id === ids[key]);
      const details = await Promise.all((attachmentsOf[key] ?? []).map((id) => fx.detail(id)));
      const statements = await Promise.all(
        (statementsOf[key] ?? []).map(async (id) => fx.json(await send('GET', `/api/situation/${id}`))),
      );
      const orderDetails = await Promise.all(
        (ordersOf[key] ?? []).map(async (id) => fx.json(await send('GET', `/api/order/${id}`))),
      );
      const validated = details.filter((detail) =>
        ['att_validated', 'att_prepared_for_payment', 'att_paid'].includes(detail.statusWF?.nodeCode),
      );
      const sumOf = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);
      // what the statement screens show, paid and not paid
      expect(row?.amountPayedAttachments, key).toBe(sumOf(statements.filter((s) => s.paidAt !== null).map((s) => s.totalAmount)));
      expect(row?.amountMonthlyStatementAttachments, key).toBe(
        sumOf(statements.filter((s) => s.paidAt === null).map((s) => s.totalAmount)),
      );
      // what the attachment screens show: every validated attachment, invoiced or not
      expect(row?.totalAttachementAmount, key).toBe(sumOf(validated.map((detail) => detail.amount)));
      expect(row?.amountValidatedAttachments, key).toBe(
        sumOf(validated.filter((detail) => detail.monthlyStatement === null).map((detail) => detail.amount)),
      );
      // what the order screens show: the totals of the validated and closed orders
      const ordered = orderDetails.filter((order) => ['os_validated', 'os_closed'].includes(order.statusWF?.nodeCode));
      expect(row?.amountOrdered, key).toBe(sumOf(ordered.map((order) => order.total)));
      // and the pure rule of docs/money.md gives the same row
      expect(row).toMatchObject(
        dc4Figures({
          maxAmountDc4Ht: row?.maxAmountDc4Ht ?? '0',
          attachments: details.map((detail) => ({
            amount: detail.amount,
            validated: validated.includes(detail),
            statement: detail.monthlyStatement
              ? { paid: statements.find((s) => s.id === detail.monthlyStatement.id)?.paidAt !== null }
              : null,
          })),
          orderedTotals: ordered.map((order) => order.total),
        }),
      );
    }
  });

  it('sorts and filters on the figures, and downloads them as CSV', async () => {
    const over = await list<Dc4Row>('/api/budget/dc4', { filters: filters({ id: ourMarkets() }), sort: 'availableOnDc4,asc' });
    expect(over.content.map((row) => row.id)).toEqual([ids.m3, ids.m1, ids.m2]);
    const byProject = await list<Dc4Row>('/api/budget/dc4', {
      filters: filters({ id: ourMarkets(), projectId: String(ids.projectB) }),
    });
    expect(byProject.content.map((row) => row.id)).toEqual([ids.m3]);
    const csv = await inject(testApp.app, {
      method: 'POST',
      url: '/api/budget/dc4/csv',
      token: admin,
      payload: { filters: filters({ id: ourMarkets() }) },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toContain('Disponible sur DC4');
    expect(rows).toHaveLength(4);
    const m3 = rows.find((row) => row.includes('-225,00') || row.includes('-225.00'));
    expect(m3, csv.body).toBeDefined();
  });

  it('keeps to the caller scope and right', async () => {
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const seen = await list<Dc4Row>('/api/budget/dc4', {}, cdp);
    const [outside] = await testApp.db
      .execute(
        // a market of a project the project manager does not follow
        sql`SELECT m.id FROM markets m WHERE m.project_id NOT IN
        (SELECT project_id FROM user_projects up JOIN users u ON u.id = up.user_id WHERE u.uid = 'cdp') ORDER BY m.id LIMIT 1`,
      )
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    expect(seen.totalElements).toBeGreaterThan(0);
    if (outside) {
      expect(seen.content.some((row) => row.id === outside.id)).toBe(false);
    }
    const sst = await login(testApp.app, 'sst', 'sst');
    const refused = await inject(testApp.app, { method: 'GET', url: '/api/budget/dc4', token: sst });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the OD mask (spec 2 Budget OD row)', () => {
  it('lists invoiced attachments per prestation type for the statements of the date range', async () => {
    const { content, summary } = await list<BudgetOdRow>('/api/budget/od', {
      startDate: '2026-01-01',
      endDate: '2026-02-28',
      filters: filters({ attachmentId: [ids.a1, ids.a2, ids.a3, ids.a7, ids.a8].join(',') }),
      summary: 'true',
    });
    const rows = content.map((row) => ({
      statementId: row.statementId,
      statementDate: row.statementDate,
      attachmentId: row.attachmentId,
      senderEotp: row.senderEotp,
      receiverEotp: row.receiverEotp,
      amountHt: row.amountHt,
      prestationTypeName: row.prestationTypeName,
      currency: row.currency,
    }));
    const common = { senderEotp: eotpA, receiverEotp: 'ST-M1', currency: 'EUR' };
    // newest statement first; a2 split into its two prestation types (200.00 + 25.00 = its 225.00)
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          ...common,
          statementId: ids.s2,
          statementDate: '2026-02-10',
          attachmentId: ids.a2,
          amountHt: '200.00',
          prestationTypeName: typeNames[0],
        },
        {
          ...common,
          statementId: ids.s2,
          statementDate: '2026-02-10',
          attachmentId: ids.a2,
          amountHt: '25.00',
          prestationTypeName: typeNames[1],
        },
        {
          ...common,
          statementId: ids.s1,
          statementDate: '2026-01-15',
          attachmentId: ids.a1,
          amountHt: '300.00',
          prestationTypeName: typeNames[0],
        },
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows[2]?.statementId).toBe(ids.s1);
    expect(summary?.amountHt).toBe('525.00');
    expect(content.find((row) => row.attachmentId === ids.a1)?.attachmentReference).toBe((await fx.detail(ids.a1)).reference);

    const march = await list<BudgetOdRow>('/api/budget/od', {
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      filters: filters({ attachmentId: [ids.a1, ids.a2, ids.a8].join(',') }),
    });
    expect(march.content.map((row) => [row.attachmentId, row.amountHt, row.senderEotp, row.receiverEotp])).toEqual([
      [ids.a8, '400.00', null, null],
    ]);
  });

  it('refuses malformed or inverted dates with a French 400, and downloads the CSV of the range', async () => {
    const bad = await inject(testApp.app, {
      method: 'GET',
      url: '/api/budget/od',
      token: admin,
      query: { startDate: '15/01/2026' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(BUDGET_OD_DATE_MESSAGE);
    const inverted = await inject(testApp.app, {
      method: 'GET',
      url: '/api/budget/od',
      token: admin,
      query: { startDate: '2026-03-01', endDate: '2026-02-01' },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().detail).toBe(BUDGET_OD_RANGE_MESSAGE);
    const csv = await inject(testApp.app, {
      method: 'POST',
      url: '/api/budget/od/csv',
      token: admin,
      payload: { startDate: '2026-01-01', endDate: '2026-01-31', filters: filters({ attachmentId: String(ids.a1) }) },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual([
      'Date de la situation',
      'Attachement',
      'eOTP émetteur',
      'eOTP récepteur',
      'Montant HT',
      'Type de prestation',
      'Devise',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[6]).toBe('EUR');
  });
});

describe('the quantitatives (spec 2 Quantitative row)', () => {
  it('sums ordered (validated or closed orders) and done (validated attachments) per market, imputation and prestation', async () => {
    const { content, summary } = await list<QuantitativeRow>('/api/budget/quantitatives', {
      filters: filters({ marketId: ourMarkets() }),
      summary: 'true',
    });
    const rows = content.map((row) => [
      row.marketId,
      row.projectId,
      row.imputationEotp,
      row.unitPrice,
      row.quantityOrdered,
      row.quantityDone,
      row.amountOrdered,
      row.amountDone,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [ids.m1, ids.projectA, eotpA, P0, '10.0', '5.0', '1000.00', '500.00'],
        [ids.m1, ids.projectA, eotpA, P1, '4.0', '4.0', '50.00', '50.00'],
        [ids.m2, ids.projectA, null, P0, '4.0', '4.0', '400.00', '400.00'],
        [ids.m3, ids.projectB, null, P0, '5.0', '4.0', '500.00', '400.00'],
        [ids.m3, ids.projectB, null, P1, '2.0', '0.0', '25.00', '0.00'],
      ]),
    );
    expect(rows).toHaveLength(5);
    expect(summary).toMatchObject({ amountOrdered: '1975.00', amountDone: '1350.00' });
    expect(content[0]).toHaveProperty('arcgisName');
    expect(content[0]?.unitName).toBeTruthy();
  });

  it('writes the FTTH columns (arcgis, NRO, PM) in the CSV for an FTTH profile only, as the screen shows them', async () => {
    const comptable = await login(testApp.app, 'comptable', 'comptable');
    const headerOf = async (token: string) => {
      const csv = await inject(testApp.app, { method: 'POST', url: '/api/budget/quantitatives/csv', token, payload: {} });
      expect(csv.statusCode, csv.body).toBe(200);
      return csvRows(csv.body)[0] ?? [];
    };
    // the demo's administrator has the FTTH flag, the accountant not
    const ftth = await headerOf(admin);
    expect(ftth).toEqual(expect.arrayContaining(['Nom arcgis', 'NRO', 'PM', 'Prestation']));
    const other = await headerOf(comptable);
    expect(other).toEqual(ftth.filter((label) => !['Nom arcgis', 'NRO', 'PM'].includes(label)));
  });
});

describe('the retentions and guarantees (spec 2 Budget warranties)', () => {
  it('shows per order the RG held, released and left, the deposits, and the guarantee replacing the RG', async () => {
    const { content, summary } = await list<BudgetWarrantyRow>('/api/budget/warranties', {
      filters: filters({ marketId: ourMarkets() }),
      summary: 'true',
    });
    const rowOf = (id: number) => content.find((row) => row.id === id);
    expect(rowOf(ids.o1)).toMatchObject({
      marketId: ids.m1,
      total: '1050.00',
      rg: '27.50',
      rgReleased: '0.00',
      rgLeft: '27.50',
      depositAmount: '0.00',
      depositUsed: '0.00',
      paymentGuarantee: false,
      rgCoveredByGuarantee: '0.00',
    });
    expect(rowOf(ids.o2)).toMatchObject({
      rg: '20.00',
      rgReleased: '20.00',
      rgLeft: '0.00',
      depositAmount: '50.00',
      depositUsed: '50.00',
      paymentGuarantee: false,
    });
    expect(rowOf(ids.o3)).toMatchObject({
      projectId: ids.projectB,
      rg: '20.00',
      rgReleased: '0.00',
      rgLeft: '20.00',
      paymentGuarantee: true,
      rgCoveredByGuarantee: '20.00',
    });
    expect(rowOf(ids.o1b)).toMatchObject({ rg: '0.00', total: '500.00' });
    expect(content.map((row) => row.id)).toEqual([ids.o3, ids.o2, ids.o1b, ids.o1]);
    expect(summary).toMatchObject({
      rg: '67.50',
      rgReleased: '20.00',
      rgLeft: '47.50',
      depositAmount: '50.00',
      depositUsed: '50.00',
      rgCoveredByGuarantee: '20.00',
    });
    const csv = await inject(testApp.app, {
      method: 'POST',
      url: '/api/budget/warranties/csv',
      token: admin,
      payload: { ids: String(ids.o3) },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csvRows(csv.body)).toHaveLength(2);
  });
});

describe('the retentions and guarantees read from the order summaries (docs/decisions.md "Order summaries")', () => {
  it('count and total every order as the former query, for the administrator and a project manager', async () => {
    const [cdp] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.uid, 'cdp'));
    const manager = await createPrincipalLoader(testApp.db).get(cdp?.id ?? 0);
    expect(manager?.visibility).toBe(2);
    const check = async () => {
      expect(await storedOrderSummaries(testApp.db)).toEqual(await recomputedOrderSummaries(testApp.db));
      expect(await depositPaidMismatches(testApp.db)).toEqual([]);
      for (const principal of [null, manager]) {
        for (const wire of [
          { sort: 'id,desc', summary: 'true' },
          { sort: 'depositAmount,desc', size: '5', summary: 'true' },
        ]) {
          const { now, before } = await budgetWarrantiesNowAndBefore(testApp.db, parseListQuery(wire) as PageQuery, principal);
          expect(now.totalElements, principal?.uid ?? 'admin').toBeGreaterThan(0);
          expect(now, `${principal?.uid ?? 'admin'} ${JSON.stringify(wire)}`).toEqual(before);
        }
      }
    };
    await check();
    // a deposit paid for an order, edited through its route, then removed: the stored sums follow
    const added = await send('POST', `/api/order/${ids.o1}/deposit`, { reference: 'AV-RESUME', amount: '12.34' });
    expect(added.statusCode, added.body).toBe(200);
    await check();
    const [deposit] = await testApp.db.select().from(deposits).where(eq(deposits.reference, 'AV-RESUME'));
    const edited = await send('PUT', `/api/deposit/${deposit?.id}`, {
      reference: 'AV-RESUME',
      amount: '7.00',
      version: deposit?.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await check();
    const { summary } = await list<BudgetWarrantyRow>('/api/budget/warranties', { summary: 'true' });
    await testApp.db.delete(deposits).where(eq(deposits.id, deposit?.id ?? 0));
    await check();
    const after = await list<BudgetWarrantyRow>('/api/budget/warranties', { summary: 'true' });
    expect(new Decimal(summary?.depositAmount ?? '0').minus(after.summary?.depositAmount ?? '0').toFixed(2)).toBe('7.00');
    // a project's guarantee given, then withdrawn: the covered RG follows the project's flag
    await testApp.db.execute(sql`UPDATE projects SET payment_guarantee = true WHERE id = ${ids.projectA}`);
    await check();
    const guaranteed = await list<BudgetWarrantyRow>('/api/budget/warranties', { summary: 'true' });
    expect(guaranteed.summary?.rgCoveredByGuarantee).not.toBe(after.summary?.rgCoveredByGuarantee);
    await testApp.db.execute(sql`UPDATE projects SET payment_guarantee = false WHERE id = ${ids.projectA}`);
    await check();
  });

  it('totals the summary rows without looking up the project of each (issue 13 b4)', () => {
    const statement = buildTotalsStatement(budgetWarrantyList, { filters: {} }, null);
    const text = new PgDialect().sqlToQuery(statement ?? sql``).sql;
    expect(text).toMatch(/FROM order_summaries s WHERE/);
    expect(text).not.toMatch(/JOIN projects/);
  });
});

describe('the budget rights of the demo roles', () => {
  it('lets the accountant read the four screens and the project manager all but the OD mask', async () => {
    const comptable = await login(testApp.app, 'comptable', 'comptable');
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    for (const path of ['dc4', 'od', 'quantitatives', 'warranties']) {
      expect((await send('GET', `/api/budget/${path}`, undefined, comptable)).statusCode, path).toBe(200);
      expect((await send('GET', `/api/budget/${path}`, undefined, cdp)).statusCode, path).toBe(path === 'od' ? 403 : 200);
    }
  });
});
