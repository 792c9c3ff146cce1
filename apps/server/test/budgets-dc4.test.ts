import type { Dc4Row } from '@isf/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dc4Figures } from '../src/modules/budgets/index.js';
import { budgetSuite, filters } from './budgets-fixtures.js';
import { inject, login } from './helper.js';
import { csvRows } from './price-schedules-fixtures.js';

/** The DC4 and the budget rights of the demo roles, on the budget fixture computed by hand (budgets-fixtures.ts). */
const suite = budgetSuite();
const { ids, list, send } = suite;

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

describe('the DC4 (spec 2 DC4 row)', () => {
  it('shows every figure of every market, computed by hand, with links and totals', async () => {
    const { content, totalElements, summary } = await list<Dc4Row>('/api/budget/dc4', {
      filters: filters({ id: suite.ourMarkets() }),
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
    const { content } = await list<Dc4Row>('/api/budget/dc4', { filters: filters({ id: suite.ourMarkets() }) });
    const attachmentsOf: Record<string, number[]> = {
      m1: [ids.a1, ids.a2, ids.a3, ids.a4, ids.a5, ids.a6],
      m2: [ids.a7],
      m3: [ids.a8],
    };
    const statementsOf: Record<string, number[]> = { m1: [ids.s1, ids.s2], m2: [ids.s3], m3: [ids.s4] };
    const ordersOf: Record<string, number[]> = { m1: [ids.o1, ids.o1b], m2: [ids.o2], m3: [ids.o3] };
    for (const key of ['m1', 'm2', 'm3'] as const) {
      const row = content.find((entry) => entry.id === ids[key]);
      const details = await Promise.all((attachmentsOf[key] ?? []).map((id) => suite.fx.detail(id)));
      const statements = await Promise.all(
        (statementsOf[key] ?? []).map(async (id) => suite.fx.json(await send('GET', `/api/situation/${id}`))),
      );
      const orderDetails = await Promise.all(
        (ordersOf[key] ?? []).map(async (id) => suite.fx.json(await send('GET', `/api/order/${id}`))),
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
    const over = await list<Dc4Row>('/api/budget/dc4', {
      filters: filters({ id: suite.ourMarkets() }),
      sort: 'availableOnDc4,asc',
    });
    expect(over.content.map((row) => row.id)).toEqual([ids.m3, ids.m1, ids.m2]);
    const byProject = await list<Dc4Row>('/api/budget/dc4', {
      filters: filters({ id: suite.ourMarkets(), projectId: String(ids.projectB) }),
    });
    expect(byProject.content.map((row) => row.id)).toEqual([ids.m3]);
    const csv = await inject(suite.app, {
      method: 'POST',
      url: '/api/budget/dc4/csv',
      token: suite.admin,
      payload: { filters: filters({ id: suite.ourMarkets() }) },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toContain('Disponible sur DC4');
    expect(rows).toHaveLength(4);
    const m3 = rows.find((row) => row.includes('-225,00') || row.includes('-225.00'));
    expect(m3, csv.body).toBeDefined();
  });

  it('keeps to the caller scope and right', async () => {
    const cdp = await login(suite.app, 'cdp', 'cdp');
    const seen = await list<Dc4Row>('/api/budget/dc4', {}, cdp);
    const [outside] = await suite.db
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
    const sst = await login(suite.app, 'sst', 'sst');
    const refused = await inject(suite.app, { method: 'GET', url: '/api/budget/dc4', token: sst });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the budget rights of the demo roles', () => {
  it('lets the accountant read the four screens and the project manager all but the OD mask', async () => {
    const comptable = await login(suite.app, 'comptable', 'comptable');
    const cdp = await login(suite.app, 'cdp', 'cdp');
    for (const path of ['dc4', 'od', 'quantitatives', 'warranties']) {
      expect((await send('GET', `/api/budget/${path}`, undefined, comptable)).statusCode, path).toBe(200);
      expect((await send('GET', `/api/budget/${path}`, undefined, cdp)).statusCode, path).toBe(path === 'od' ? 403 : 200);
    }
  });
});
