import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, monthlyStatementAttachments } from '../src/db/schema/index.js';
import { configureLists, parseListQuery, runList } from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import { subcontractorOfFirstMarket } from './deposits-fixtures.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';
import { formerStatementList, STATEMENTS_WITH_STALE_FIGURES } from './statement-list-former-query.js';

/**
 * Issue 14: the statement list reads the figures stored on the statement (kept by the triggers of migration
 * 0041) and picks its page's ids over the statement and its market. The oracle is the former list, which
 * summed the invoiced attachments per statement (`statement-list-former-query.ts`): the same rows, exact
 * and capped counts and totals, whatever wrote the links (API, direct SQL) or changed an invoiced amount.
 */
const suite = adminSuite();
const { send, ok } = suite;
const viewers: { name: string; token: string; principal: Principal | null }[] = [];

beforeAll(async () => {
  const { fx } = suite;
  const market = await marketWithBpu(suite.app, suite.db, suite.admin);
  const order = await fx.validatedOrder(market, ['10', '4']);
  const [price] = await pricesOf(suite.db, market.bpuId);
  const validated: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    const attachment = await fx.attachment(order);
    expect(
      (await fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: String(index + 1) }])).statusCode,
    ).toBe(200);
    await fx.validate(attachment);
    validated.push(attachment);
  }
  const create = async () =>
    (await ok<{ id: number }>(send('POST', '/api/situation/create', { market: market.marketId, sap: 'SAP-1' }))).id;
  // invoices three, then gives one back
  const first = await create();
  await ok(send('POST', `/api/situation/${first}/attachement`, validated.slice(0, 3)));
  await ok(send('DELETE', `/api/situation/${first}/attachement/${validated[1]}`));
  // one by direct SQL (as the seeds and the bench generator write), then its amount changes
  const second = await create();
  await suite.db.insert(monthlyStatementAttachments).values({ statementId: second, attachmentId: validated[3] ?? 0 });
  await suite.db
    .update(attachments)
    .set({ amount: sql`${attachments.amount} + 1.25`, rg: sql`${attachments.rg} + 0.05` })
    .where(eq(attachments.id, validated[3] ?? 0));
  // an empty one, and one deleted with its attachment
  await create();
  const deleted = await create();
  await ok(send('POST', `/api/situation/${deleted}/attachement`, [validated[4]]));
  await ok(send('DELETE', `/api/situation/${deleted}/delete`));
  const sst = await subcontractorOfFirstMarket(suite.testApp);
  viewers.push(
    { name: 'admin', token: suite.admin, principal: await suite.principalOf('admin') },
    { name: 'subcontractor', token: sst.token, principal: await suite.app.principals.get(sst.userId) },
  );
});

afterAll(async () => {
  configureLists(suite.db, undefined);
});

const queries: Record<string, string>[] = [
  { size: '200' },
  { size: '2', page: '1' },
  { size: '200', sort: 'totalAmount,desc' },
  { size: '200', sort: 'companyName,asc' },
  { size: '200', filters: JSON.stringify({ attachementCount: '0' }) },
  { size: '200', filters: JSON.stringify({ agencyName: 'a' }) },
  { size: '200', summary: 'true' },
  { summary: 'only' },
  { summary: 'only', filters: JSON.stringify({ paid: 'false' }) },
];

describe('the statement list on the stored figures gives the rows, counts and totals of the former list', () => {
  it('keeps every statement’s stored figures equal to the sums of the attachments it invoices', async () => {
    expect(await rowsOf(suite.db, STATEMENTS_WITH_STALE_FIGURES)).toEqual([]);
    const [invoiced] = await rowsOf<{ count: number }>(
      suite.db,
      sql`SELECT count(*)::int AS count FROM monthly_statements WHERE attachment_count > 0`,
    );
    expect(invoiced?.count).toBeGreaterThan(1);
  });

  for (const cap of [undefined, 1]) {
    it(`answers as the former list, page after page, sorted and filtered (count cap ${cap ?? 'default'})`, async () => {
      configureLists(suite.db, cap === undefined ? undefined : { countCap: cap });
      let rows = 0;
      for (const viewer of viewers) {
        for (const query of queries) {
          const reply = await ok<{ content?: unknown[] }>(
            send('GET', `/api/situations?${new URLSearchParams(query)}`, undefined, viewer.token),
          );
          const expected = await runList(suite.db, formerStatementList, parseListQuery(query), viewer.principal);
          expect(reply, `${viewer.name} ${JSON.stringify(query)}`).toEqual(expected);
          rows += reply.content?.length ?? 0;
        }
      }
      configureLists(suite.db, undefined);
      expect(rows).toBeGreaterThan(0);
    });
  }
});
