import type { BudgetWarrantyRow } from '@isf/contract';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { deposits, users } from '../src/db/schema/index.js';
import { budgetWarrantyList } from '../src/modules/budgets/index.js';
import { depositPaidMismatches, recomputedOrderSummaries, storedOrderSummaries } from '../src/modules/orders/index.js';
import { buildTotalsStatement, type PageQuery, parseListQuery } from '../src/platform/list-engine.js';
import { createPrincipalLoader } from '../src/platform/principal.js';
import { budgetWarrantiesNowAndBefore } from './budget-warranties-former-query.js';
import { budgetSuite, filters } from './budgets-fixtures.js';
import { inject } from './helper.js';
import { csvRows } from './price-schedules-fixtures.js';

/** The retentions and guarantees, on the budget fixture computed by hand (budgets-fixtures.ts). */
const suite = budgetSuite();
const { ids, list, send } = suite;

describe('the retentions and guarantees (spec 2 Budget warranties)', () => {
  it('shows per order the RG held, released and left, the deposits, and the guarantee replacing the RG', async () => {
    const { content, summary } = await list<BudgetWarrantyRow>('/api/budget/warranties', {
      filters: filters({ marketId: suite.ourMarkets() }),
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
    const csv = await inject(suite.app, {
      method: 'POST',
      url: '/api/budget/warranties/csv',
      token: suite.admin,
      payload: { ids: String(ids.o3) },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csvRows(csv.body)).toHaveLength(2);
  });
});

describe('the retentions and guarantees read from the order summaries (docs/decisions.md "Order summaries")', () => {
  it('count and total every order as the former query, for the administrator and a project manager', async () => {
    const [cdp] = await suite.db.select({ id: users.id }).from(users).where(eq(users.uid, 'cdp'));
    const manager = await createPrincipalLoader(suite.db).get(cdp?.id ?? 0);
    expect(manager?.visibility).toBe(2);
    const check = async () => {
      expect(await storedOrderSummaries(suite.db)).toEqual(await recomputedOrderSummaries(suite.db));
      expect(await depositPaidMismatches(suite.db)).toEqual([]);
      for (const principal of [null, manager]) {
        for (const wire of [
          { sort: 'id,desc', summary: 'true' },
          { sort: 'depositAmount,desc', size: '5', summary: 'true' },
        ]) {
          const { now, before } = await budgetWarrantiesNowAndBefore(suite.db, parseListQuery(wire) as PageQuery, principal);
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
    const [deposit] = await suite.db.select().from(deposits).where(eq(deposits.reference, 'AV-RESUME'));
    const edited = await send('PUT', `/api/deposit/${deposit?.id}`, {
      reference: 'AV-RESUME',
      amount: '7.00',
      version: deposit?.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await check();
    const { summary } = await list<BudgetWarrantyRow>('/api/budget/warranties', { summary: 'true' });
    await suite.db.delete(deposits).where(eq(deposits.id, deposit?.id ?? 0));
    await check();
    const after = await list<BudgetWarrantyRow>('/api/budget/warranties', { summary: 'true' });
    expect(new Decimal(summary?.depositAmount ?? '0').minus(after.summary?.depositAmount ?? '0').toFixed(2)).toBe('7.00');
    // a project's guarantee given, then withdrawn: the covered RG follows the project's flag
    await suite.db.execute(sql`UPDATE projects SET payment_guarantee = true WHERE id = ${ids.projectA}`);
    await check();
    const guaranteed = await list<BudgetWarrantyRow>('/api/budget/warranties', { summary: 'true' });
    expect(guaranteed.summary?.rgCoveredByGuarantee).not.toBe(after.summary?.rgCoveredByGuarantee);
    await suite.db.execute(sql`UPDATE projects SET payment_guarantee = false WHERE id = ${ids.projectA}`);
    await check();
  });

  it('totals the summary rows without looking up the project of each (issue 13 b4)', () => {
    const statement = buildTotalsStatement(budgetWarrantyList, { filters: {} }, null);
    const text = new PgDialect().sqlToQuery(statement ?? sql``).sql;
    expect(text).toMatch(/FROM order_summaries s WHERE/);
    expect(text).not.toMatch(/JOIN projects/);
  });
});
