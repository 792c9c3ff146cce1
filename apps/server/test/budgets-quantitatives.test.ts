import type { QuantitativeRow } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { budgetSuite, filters, P0, P1 } from './budgets-fixtures.js';
import { inject, login } from './helper.js';
import { csvRows } from './price-schedules-fixtures.js';

/** The quantitatives, on the budget fixture computed by hand (budgets-fixtures.ts). */
const suite = budgetSuite();
const { ids, list } = suite;

describe('the quantitatives (spec 2 Quantitative row)', () => {
  it('sums ordered (validated or closed orders) and done (validated attachments) per market, imputation and prestation', async () => {
    const { content, summary } = await list<QuantitativeRow>('/api/budget/quantitatives', {
      filters: filters({ marketId: suite.ourMarkets() }),
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
        [ids.m1, ids.projectA, suite.eotpA, P0, '10.0', '5.0', '1000.00', '500.00'],
        [ids.m1, ids.projectA, suite.eotpA, P1, '4.0', '4.0', '50.00', '50.00'],
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
    const comptable = await login(suite.app, 'comptable', 'comptable');
    const headerOf = async (token: string) => {
      const csv = await inject(suite.app, { method: 'POST', url: '/api/budget/quantitatives/csv', token, payload: {} });
      expect(csv.statusCode, csv.body).toBe(200);
      return csvRows(csv.body)[0] ?? [];
    };
    // the demo's administrator has the FTTH flag, the accountant not
    const ftth = await headerOf(suite.admin);
    expect(ftth).toEqual(expect.arrayContaining(['Nom arcgis', 'NRO', 'PM', 'Prestation']));
    const other = await headerOf(comptable);
    expect(other).toEqual(ftth.filter((label) => !['Nom arcgis', 'NRO', 'PM'].includes(label)));
  });
});
