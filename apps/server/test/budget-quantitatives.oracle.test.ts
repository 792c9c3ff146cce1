import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentLines, imputations, markets, orderLines, orders } from '../src/db/schema/index.js';
import { quantitativeList, refreshMarketQuantities } from '../src/modules/budgets/index.js';
import { configureLists, parseListQuery, runList } from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import {
  formerQuantitativeList,
  RECOMPUTED_QUANTITIES,
  RECOMPUTED_QUANTITY_TOTALS,
  STORED_QUANTITIES,
  STORED_QUANTITY_TOTALS,
} from './budget-quantitatives-former-query.js';
import { uniqueName, userIdOf } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';

/**
 * Issue 13: the quantitatives read the groups stored in `market_quantities` (kept by the triggers of
 * migration 0047) instead of grouping every ordered order line and validated attachment line. The oracle is
 * the former query (`budget-quantitatives-former-query.ts`): after each write that moves a group (an order
 * validated, its lines changed, closed, abandoned; attachments validated, refused, their lines changed; an
 * order given another imputation and market; lines and orders removed), the stored groups equal the groups
 * recomputed from the lines, and the list answers the same rows, order, counts and totals for the
 * administrator (through the API) and a project manager (scoped), paged, sorted and filtered.
 */
const suite = adminSuite();
const { send, ok } = suite;
let manager: Principal | null;
const created = {
  markets: [] as { marketId: number; bpuId: number }[],
  projects: [] as number[],
};

const queries: Record<string, string>[] = [
  { size: '200' },
  { size: '3', page: '1' },
  { size: '200', sort: 'amountOrdered,desc' },
  { size: '200', sort: 'projectName,asc' },
  { size: '200', sort: 'prestationDescription,desc' },
  { size: '200', sort: 'unitName,asc' },
  { size: '200', sort: 'imputationEotp,asc' },
  { size: '200', filters: JSON.stringify({ imputationEotp: 'eotp-q' }) },
  { size: '200', filters: JSON.stringify({ prestationReference: 'a' }) },
  { size: '200', summary: 'true' },
  { summary: 'only' },
  { summary: 'only', filters: JSON.stringify({ unitName: 'e' }) },
];

/** Stored groups = recomputed groups, and the list's replies = the former query's. */
async function check(step: string) {
  expect(await rowsOf(suite.db, STORED_QUANTITIES), step).toEqual(await rowsOf(suite.db, RECOMPUTED_QUANTITIES));
  expect(await rowsOf(suite.db, STORED_QUANTITY_TOTALS), step).toEqual(await rowsOf(suite.db, RECOMPUTED_QUANTITY_TOTALS));
  let rows = 0;
  for (const cap of [undefined, 1]) {
    configureLists(suite.db, cap === undefined ? undefined : { countCap: cap });
    for (const query of cap === undefined ? queries : [queries[0] ?? {}, queries[1] ?? {}, queries[7] ?? {}]) {
      const label = `${step} ${JSON.stringify(query)} cap ${cap ?? 'default'}`;
      const reply = await ok<{ content?: unknown[] }>(send('GET', `/api/budget/quantitatives?${new URLSearchParams(query)}`));
      expect(reply, `admin ${label}`).toEqual(await runList(suite.db, formerQuantitativeList, parseListQuery(query), null));
      rows += reply.content?.length ?? 0;
      const scoped = await runList(suite.db, quantitativeList, parseListQuery(query), manager);
      expect(scoped, `manager ${label}`).toEqual(await runList(suite.db, formerQuantitativeList, parseListQuery(query), manager));
    }
  }
  configureLists(suite.db, undefined);
  return rows;
}

beforeAll(async () => {
  const managerId = await userIdOf(suite.db, 'cdp');
  manager = await suite.app.principals.get(managerId);
  const [followed, other] = await rowsOf<{ id: number }>(
    suite.db,
    sql`(SELECT project_id AS id FROM user_projects WHERE user_id = ${managerId} ORDER BY project_id LIMIT 1)
      UNION ALL (SELECT id FROM projects WHERE id NOT IN (SELECT project_id FROM user_projects WHERE user_id = ${managerId}) ORDER BY id LIMIT 1)`,
  );
  for (const projectId of [followed?.id ?? 0, other?.id ?? 0]) {
    const market = await marketWithBpu(suite.app, suite.db, suite.admin);
    await suite.db.update(markets).set({ projectId }).where(eq(markets.id, market.marketId));
    created.markets.push(market);
    created.projects.push(projectId);
  }
}, 300_000);

afterAll(async () => {
  configureLists(suite.db, undefined);
});

async function validatedAttachment(order: number, lines: { prestation: number; quantity: string }[]) {
  const id = await suite.fx.attachment(order);
  expect((await suite.fx.saveLines(id, lines)).statusCode).toBe(200);
  await suite.fx.validate(id);
  return id;
}

describe('the quantitatives on the stored groups give the rows, counts and totals of the former query', () => {
  it('before and after orders and attachments are validated, changed, closed, abandoned, refused and removed', async () => {
    const [first, second] = created.markets as [{ marketId: number; bpuId: number }, { marketId: number; bpuId: number }];
    const prices = await pricesOf(suite.db, first.bpuId);
    const [p0, p1, p2] = prices.map((price) => price.prestation);
    expect(await check('start')).toBeGreaterThan(0);
    // a draft order counts nowhere; validated, its lines count as ordered
    const o1 = await suite.fx.validatedOrder(first, ['10', '4', '2']);
    const o2 = await suite.fx.validatedOrder(second, ['6', '1']);
    const o3 = await suite.fx.validatedOrder(second, ['1', '1']);
    const draft = await createOrder(suite.app, suite.db, suite.admin, first.marketId);
    await suite.db
      .insert(orderLines)
      .values({ orderId: draft, prestationId: p0 ?? 0, unitPrice: '2.00', quantity: '1', total: '2.00' });
    const [imputation] = await suite.db
      .insert(imputations)
      .values({ projectId: created.projects[0] ?? 0, eotp: uniqueName('EOTP-Q') })
      .returning({ id: imputations.id });
    await suite.db
      .update(orders)
      .set({ imputationId: imputation?.id ?? null })
      .where(eq(orders.id, o1));
    await check('orders validated');
    // attachments: two validated (one with a line at another unit price), one refused, one in draft
    const a1 = await validatedAttachment(o1, [
      { prestation: p0 ?? 0, quantity: '3' },
      { prestation: p1 ?? 0, quantity: '1.5' },
    ]);
    const a2 = await validatedAttachment(o1, [{ prestation: p0 ?? 0, quantity: '2' }]);
    await suite.db
      .update(attachmentLines)
      .set({ unitPrice: '1.23', total: sql`round(${attachmentLines.quantity} * 1.23, 2)` })
      .where(eq(attachmentLines.attachmentId, a2));
    const refused = await suite.fx.attachment(o2);
    expect((await suite.fx.saveLines(refused, [{ prestation: p0 ?? 0, quantity: '1' }])).statusCode).toBe(200);
    await suite.fx.refuse(refused);
    const pending = await suite.fx.attachment(o2);
    expect((await suite.fx.saveLines(pending, [{ prestation: p1 ?? 0, quantity: '1' }])).statusCode).toBe(200);
    const a3 = await validatedAttachment(o2, [{ prestation: p0 ?? 0, quantity: '5' }]);
    await check('attachments validated and refused');
    // an order line changed, one removed, one added (by SQL); an attachment line removed
    await suite.db
      .update(orderLines)
      .set({ quantity: '12', total: sql`${orderLines.unitPrice} * 12` })
      .where(sql`${orderLines.orderId} = ${o1} AND ${orderLines.prestationId} = ${p0}`);
    await suite.db.delete(orderLines).where(sql`${orderLines.orderId} = ${o1} AND ${orderLines.prestationId} = ${p2}`);
    await suite.db
      .insert(orderLines)
      .values({ orderId: o2, prestationId: p2 ?? 0, unitPrice: '3.50', quantity: '4', total: '14.00' });
    await suite.db
      .delete(attachmentLines)
      .where(sql`${attachmentLines.attachmentId} = ${a1} AND ${attachmentLines.prestationId} = ${p1}`);
    await check('lines changed');
    // an order moved to the other market (and project) by SQL; another closed, a third abandoned
    await suite.db
      .update(orders)
      .set({ marketId: second.marketId, projectId: created.projects[1] ?? 0 })
      .where(eq(orders.id, o2));
    await check('order moved');
    const closed = await suite.fx.move('order', o1, 'os_to_closed', 'os_closed');
    expect(closed.statusCode, closed.body).toBe(200);
    const abandoned = await suite.fx.move('order', o3, 'os_to_abandoned', 'os_abandoned', 'Chantier abandonné');
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    await check('closed and abandoned');
    // removed: an attachment and a draft order, by SQL (their lines go with them)
    await suite.db.execute(sql`DELETE FROM workflow_tokens WHERE entity_name = 'attachement' AND entity_id = ${a3}`);
    await suite.db.execute(sql`DELETE FROM attachments WHERE id = ${a3}`);
    await ok(send('DELETE', `/api/order/${draft}/delete`));
    await check('removed');
  }, 600_000);

  it('are regrouped from every line by refreshMarketQuantities once they drifted from the lines', async () => {
    const [first] = created.markets as [{ marketId: number; bpuId: number }];
    const kept = await rowsOf(suite.db, STORED_QUANTITIES);
    const keptTotals = await rowsOf(suite.db, STORED_QUANTITY_TOTALS);
    expect(kept.length).toBeGreaterThan(0);
    // what writes with the triggers off leave: a market's groups gone, a group of no line, totals astray
    const [group] = await rowsOf<{ id: string }>(
      suite.db,
      sql`SELECT id::text AS id FROM market_quantities WHERE market_id <> ${first.marketId} ORDER BY id LIMIT 1`,
    );
    expect(group).toBeDefined();
    await suite.db.execute(sql`DELETE FROM market_quantities WHERE market_id = ${first.marketId}`);
    await suite.db.execute(sql`INSERT INTO market_quantities (id, project_id, market_id, prestation_id, unit_price,
        quantity_ordered, quantity_done, amount_ordered, amount_done)
      SELECT -1, project_id, market_id, prestation_id, unit_price, 1, 0, 1, 0 FROM market_quantities WHERE id = ${group?.id ?? 0}`);
    await suite.db.execute(sql`UPDATE market_quantity_totals SET groups = groups + 7, amount_ordered = amount_ordered + 1`);
    expect(await rowsOf(suite.db, STORED_QUANTITIES)).not.toEqual(kept);
    await refreshMarketQuantities(suite.db);
    expect(await rowsOf(suite.db, STORED_QUANTITIES)).toEqual(kept);
    expect(await rowsOf(suite.db, STORED_QUANTITY_TOTALS)).toEqual(keptTotals);
    expect(await check('rebuilt')).toBeGreaterThan(0);
  }, 300_000);
});
