import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentLines,
  imputations,
  markets,
  monthlyStatementAttachments,
  monthlyStatements,
  orders,
  prestations,
} from '../src/db/schema/index.js';
import { odCriteria } from '../src/modules/budgets/index.js';
import { configureLists, parseListQuery, runList } from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import { formerOdList, RECOMPUTED_OD_ROWS, STORED_OD_ROWS } from './budget-od-former-query.js';
import { uniqueName, userIdOf } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

/**
 * Issue 13: the OD mask reads the rows stored in `budget_od_rows` (kept by the triggers of migration 0047)
 * instead of grouping every invoiced attachment line of the range. The oracle is the former query
 * (`budget-od-former-query.ts`): after each write that moves an OD row (invoicing through the API and by
 * SQL, paying, unpaying, giving back, redating a statement, changing an invoiced line and a prestation's
 * type, deleting a statement), the stored rows equal the rows recomputed from the links and lines, and the
 * list answers the same rows, order, counts and totals for the administrator (through the API) and a
 * project manager (scoped), whatever the range, the page, the sort and the filters.
 */
const suite = adminSuite();
const { send, ok } = suite;
let manager: Principal | null;
const ids = {
  statements: [] as number[],
  attachments: [] as number[],
  prestations: [] as number[],
};

const ranges: Record<string, string>[] = [
  {},
  { startDate: '2026-01-01', endDate: '2026-01-31' },
  { startDate: '2026-01-15' },
  { endDate: '2026-02-28' },
];

const queries: Record<string, string>[] = [
  { size: '200' },
  { size: '2', page: '1' },
  { size: '200', sort: 'statementDate,asc' },
  { size: '200', sort: 'attachmentReference,asc' },
  { size: '200', sort: 'senderEotp,desc' },
  { size: '200', sort: 'prestationTypeName,asc' },
  { size: '200', sort: 'amountHt,desc' },
  { size: '200', sort: 'receiverEotp,asc' },
  { size: '200', filters: JSON.stringify({ senderEotp: 'eotp-od' }) },
  { size: '200', filters: JSON.stringify({ receiverEotp: 'st-od' }) },
  { size: '200', filters: JSON.stringify({ statementDate: '2026-01' }) },
  { size: '200', summary: 'true' },
  { summary: 'only' },
  { summary: 'only', filters: JSON.stringify({ prestationTypeName: 'a' }) },
];

/** Stored rows = recomputed rows, and the list's replies = the former query's, for every range and query. */
async function check(step: string) {
  expect(await rowsOf(suite.db, STORED_OD_ROWS), step).toEqual(await rowsOf(suite.db, RECOMPUTED_OD_ROWS));
  let rows = 0;
  for (const cap of [undefined, 1]) {
    configureLists(suite.db, cap === undefined ? undefined : { countCap: cap });
    // the capped count on a few queries: the count statement is the same whatever the sort
    for (const range of cap === undefined ? ranges : ranges.slice(0, 2)) {
      const { definition } = odCriteria(range);
      const former = formerOdList({ startDate: range.startDate ?? null, endDate: range.endDate ?? null });
      for (const query of cap === undefined ? queries : [queries[0] ?? {}, queries[1] ?? {}, queries[8] ?? {}]) {
        const label = `${step} ${JSON.stringify(range)} ${JSON.stringify(query)} cap ${cap ?? 'default'}`;
        const reply = await ok<{ content?: unknown[] }>(
          send('GET', `/api/budget/od?${new URLSearchParams({ ...range, ...query })}`),
        );
        expect(reply, `admin ${label}`).toEqual(await runList(suite.db, former, parseListQuery(query), null));
        rows += reply.content?.length ?? 0;
        const scoped = await runList(suite.db, definition, parseListQuery(query), manager);
        expect(scoped, `manager ${label}`).toEqual(await runList(suite.db, former, parseListQuery(query), manager));
      }
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
  const types = await rowsOf<{ id: number }>(suite.db, sql`SELECT id FROM prestation_types ORDER BY id LIMIT 2`);
  for (const [index, projectId] of [followed?.id, other?.id].entries()) {
    const market = await marketWithBpu(suite.app, suite.db, suite.admin);
    await suite.db
      .update(markets)
      .set({ projectId: projectId ?? 0, eotpSt: `ST-OD-${index}` })
      .where(eq(markets.id, market.marketId));
    const prices = await pricesOf(suite.db, market.bpuId);
    const lines = prices.slice(0, 2).map((price) => price.prestation);
    ids.prestations.push(...lines);
    // two prestation types, so that an attachment with both lines gives two rows
    for (const [line, prestation] of lines.entries()) {
      await suite.db
        .update(prestations)
        .set({ typeId: types[line]?.id ?? 0 })
        .where(eq(prestations.id, prestation));
    }
    const order = await suite.fx.validatedOrder(market, ['40', '40']);
    const [imputation] = await suite.db
      .insert(imputations)
      .values({ projectId: projectId ?? 0, eotp: uniqueName(`EOTP-OD-${index}`) })
      .returning({ id: imputations.id });
    await suite.db
      .update(orders)
      .set({ imputationId: imputation?.id ?? null })
      .where(eq(orders.id, order));
    for (const quantities of [
      ['1', '2'],
      ['3', '0'],
      ['0', '4'],
    ]) {
      const attachment = await suite.fx.attachment(order);
      const saved = await suite.fx.saveLines(
        attachment,
        lines.flatMap((prestation, line) =>
          quantities[line] === '0' ? [] : [{ prestation, quantity: quantities[line] ?? '1' }],
        ),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      await suite.fx.validate(attachment);
      ids.attachments.push(attachment);
    }
    for (const date of ['2026-01-10', '2026-02-20']) {
      const { id } = await ok<{ id: number }>(send('POST', '/api/situation/create', { market: market.marketId }));
      await suite.db.update(monthlyStatements).set({ date }).where(eq(monthlyStatements.id, id));
      ids.statements.push(id);
    }
  }
}, 300_000);

afterAll(async () => {
  configureLists(suite.db, undefined);
});

describe('the OD mask on the stored OD rows gives the rows, counts and totals of the former query', () => {
  it('before and after invoicing, paying, unpaying, giving back, redating, changing lines and types, deleting', async () => {
    const [a0, a1, a2, b0, b1, b2] = ids.attachments;
    const [sa1, sa2, sb1, sb2] = ids.statements;
    await check('before invoicing');
    // invoiced through the API, then by SQL (as the seeds and the bench generator write)
    await ok(send('POST', `/api/situation/${sa1}/attachement`, [a0, a1]));
    await ok(send('POST', `/api/situation/${sb1}/attachement`, [b0]));
    await suite.db.insert(monthlyStatementAttachments).values([
      { statementId: sa2 ?? 0, attachmentId: a2 ?? 0 },
      { statementId: sb2 ?? 0, attachmentId: b1 ?? 0 },
    ]);
    expect(await check('invoiced')).toBeGreaterThan(0);
    await ok(send('POST', `/api/situation/${sa1}/paid`));
    await check('paid');
    await ok(send('POST', `/api/situation/${sa1}/dangerously_unpay`));
    await check('unpaid');
    // given back, then invoiced in the other statement
    await ok(send('DELETE', `/api/situation/${sb1}/attachement/${b0}`));
    await check('given back');
    await ok(send('POST', `/api/situation/${sb2}/attachement`, [b0, b2]));
    // a statement redated through its route, another by SQL
    const current = await ok<{ version: number }>(send('GET', `/api/situation/${sa2}`));
    await ok(send('PUT', `/api/situation/${sa2}`, { version: current.version, date: '2026-01-20' }));
    await suite.db
      .update(monthlyStatements)
      .set({ date: '2026-03-02' })
      .where(eq(monthlyStatements.id, sb2 ?? 0));
    await check('redated');
    // an invoiced attachment's line changed, one removed, one added (by SQL), and a prestation's type changed
    const [line] = await suite.db
      .select()
      .from(attachmentLines)
      .where(eq(attachmentLines.attachmentId, a0 ?? 0));
    await suite.db
      .update(attachmentLines)
      .set({ quantity: '7.5', total: sql`${attachmentLines.unitPrice} * 7.5` })
      .where(eq(attachmentLines.id, line?.id ?? 0));
    await suite.db.delete(attachmentLines).where(eq(attachmentLines.attachmentId, b1 ?? 0));
    await suite.db.insert(attachmentLines).values({
      attachmentId: a2 ?? 0,
      prestationId: ids.prestations[0] ?? 0,
      unitPrice: '10.00',
      quantity: '2',
      total: '20.00',
    });
    const [other] = await rowsOf<{ id: number }>(suite.db, sql`SELECT id FROM prestation_types ORDER BY id DESC LIMIT 1`);
    await suite.db
      .update(prestations)
      .set({ typeId: other?.id ?? 0 })
      .where(eq(prestations.id, ids.prestations[1] ?? 0));
    await check('lines and types changed');
    // a statement deleted (its links go with it)
    await ok(send('DELETE', `/api/situation/${sa1}/attachement/${a0}`));
    await ok(send('DELETE', `/api/situation/${sa1}/attachement/${a1}`));
    await ok(send('DELETE', `/api/situation/${sa1}/delete`));
    await suite.db.delete(monthlyStatements).where(eq(monthlyStatements.id, sb2 ?? 0));
    const [left] = await rowsOf<{ count: number }>(
      suite.db,
      sql`SELECT count(*)::int AS count FROM budget_od_rows WHERE statement_id IN (${sa1}, ${sb2})`,
    );
    expect(left?.count).toBe(0);
    await check('statements deleted');
  }, 600_000);
});
