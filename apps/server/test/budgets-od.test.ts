import { BUDGET_OD_DATE_MESSAGE, BUDGET_OD_RANGE_MESSAGE, type BudgetOdRow } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { budgetSuite, filters } from './budgets-fixtures.js';
import { inject } from './helper.js';
import { csvRows } from './price-schedules-fixtures.js';

/** The OD mask, on the budget fixture computed by hand (budgets-fixtures.ts). */
const suite = budgetSuite();
const { ids, list } = suite;

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
    const common = { senderEotp: suite.eotpA, receiverEotp: 'ST-M1', currency: 'EUR' };
    // newest statement first; a2 split into its two prestation types (200.00 + 25.00 = its 225.00)
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          ...common,
          statementId: ids.s2,
          statementDate: '2026-02-10',
          attachmentId: ids.a2,
          amountHt: '200.00',
          prestationTypeName: suite.typeNames[0],
        },
        {
          ...common,
          statementId: ids.s2,
          statementDate: '2026-02-10',
          attachmentId: ids.a2,
          amountHt: '25.00',
          prestationTypeName: suite.typeNames[1],
        },
        {
          ...common,
          statementId: ids.s1,
          statementDate: '2026-01-15',
          attachmentId: ids.a1,
          amountHt: '300.00',
          prestationTypeName: suite.typeNames[0],
        },
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows[2]?.statementId).toBe(ids.s1);
    expect(summary?.amountHt).toBe('525.00');
    expect(content.find((row) => row.attachmentId === ids.a1)?.attachmentReference).toBe(
      (await suite.fx.detail(ids.a1)).reference,
    );

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
    const bad = await inject(suite.app, {
      method: 'GET',
      url: '/api/budget/od',
      token: suite.admin,
      query: { startDate: '15/01/2026' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(BUDGET_OD_DATE_MESSAGE);
    const inverted = await inject(suite.app, {
      method: 'GET',
      url: '/api/budget/od',
      token: suite.admin,
      query: { startDate: '2026-03-01', endDate: '2026-02-01' },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().detail).toBe(BUDGET_OD_RANGE_MESSAGE);
    const csv = await inject(suite.app, {
      method: 'POST',
      url: '/api/budget/od/csv',
      token: suite.admin,
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
