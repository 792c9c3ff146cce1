import type { ListReply } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentList } from '../src/modules/attachments/index.js';
import { orderList } from '../src/modules/orders/index.js';
import { configureLists, type ListDefinition, parseListQuery, runList } from '../src/platform/list-engine.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import { formerDepositList } from './deposits-former-query.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

/**
 * Issue 14, the lists' unfiltered count and totals: the orders and attachments lists read them from the node
 * summaries (`order_node_summaries`, `attachment_node_summaries`), the deposits list reads `deposits.used`
 * (migration 0046). Each reply of an administrator, a project manager and a subcontractor is compared with
 * the former statements (the lists without summaries; the deposits' lateral sum, deposits-former-query.ts),
 * before and after writes, with the default and a capped count.
 */
const suite = adminSuite();
const USERS = ['admin', 'cdp', 'sst'] as const;
const tokens: Record<string, string> = {};
let market: { marketId: number; bpuId: number };

/** The lists as they were: no stored source. */
const withoutStored = (list: ListDefinition): ListDefinition => {
  const { stored: _stored, ...rest } = list;
  return rest;
};

const lists: { name: string; path: string; former: ListDefinition; queries: string[] }[] = [
  {
    name: 'orders',
    path: '/api/orders',
    former: withoutStored(orderList),
    queries: [
      'filter=all&page=0&size=50&sort=id,asc&summary=true',
      'filter=all&summary=only',
      'filter=all&page=1&size=2&sort=total,desc&summary=true',
      'filter=all&size=50&summary=true&filters={"reference":"-0"}',
    ],
  },
  {
    name: 'attachments',
    path: '/api/attachements',
    former: withoutStored(attachmentList),
    queries: [
      'filter=all&page=0&size=50&sort=id,asc&summary=true',
      'filter=all&summary=only',
      'filter=all&page=1&size=2&sort=amount,desc&summary=true',
      'filter=all&size=50&summary=true&filters={"agencyName":"a"}',
    ],
  },
  {
    name: 'deposits',
    path: '/api/deposit',
    former: formerDepositList,
    queries: [
      'page=0&size=50&sort=id,desc&summary=true',
      'summary=only',
      'page=0&size=50&sort=remaining,desc&summary=true&filters={"projectName":"a"}',
      'size=50&sort=depositUsed,asc&summary=true&filters={"reference":"AV"}',
    ],
  },
];

beforeAll(async () => {
  for (const uid of USERS) {
    tokens[uid] = await suite.loginAs(uid);
  }
  const { admin, fx } = suite;
  // a market of the first demo market's project and agency (cdp's and sst's scope)
  const [demo] = await rowsOf<{ project_id: number; agency_id: number }>(
    suite.db,
    sql`SELECT project_id, agency_id FROM markets ORDER BY id LIMIT 1`,
  );
  market = await marketWithBpu(suite.app, suite.db, admin);
  await suite.db.execute(sql`UPDATE markets SET project_id = ${demo?.project_id}, agency_id = ${demo?.agency_id}
    WHERE id = ${market.marketId}`);
  await fx.deposit(market.marketId, '800.00');
  const order = await fx.validatedOrder(market);
  await fx.validatedOrder(market, ['3']);
  const prestation = (await pricesOf(suite.db, market.bpuId))[0]?.prestation ?? 0;
  for (const quantity of ['2', '5']) {
    const attachment = await fx.attachment(order);
    await fx.saveLines(attachment, [{ prestation, quantity }]);
    await fx.validate(attachment);
  }
  await fx.attachment(order);
  // totals are never kept between requests here (a slow statement under load would be cached)
  configureLists(suite.db, { totalsCachedFromMs: Number.POSITIVE_INFINITY });
}, 240_000);

afterAll(async () => {
  configureLists(suite.db, undefined);
});

async function compareAll(step: string) {
  for (const { name, path, former, queries } of lists) {
    for (const uid of USERS) {
      const principal = await suite.principalOf(uid);
      for (const query of queries) {
        const reply = await suite.app.inject({
          method: 'GET',
          url: `${path}?${encodeURI(query)}`,
          headers: { authorization: `Bearer ${tokens[uid]}` },
        });
        if (uid !== 'admin' && reply.statusCode === 403) {
          // a profile without the list's read right is refused before any query
          continue;
        }
        expect(reply.statusCode, `${step} ${name} ${uid} ${query}: ${reply.body}`).toBe(200);
        const { filter: _filter, ...wire } = Object.fromEntries(new URLSearchParams(query));
        const expected = await runList(suite.db, former, parseListQuery(wire), principal);
        expect(reply.json(), `${step} ${name} ${uid} ${query}`).toEqual(JSON.parse(JSON.stringify(expected)));
      }
    }
  }
}

describe('the unfiltered count and totals answer the former statements', () => {
  it('on the fixture, with the default and a capped count', async () => {
    await compareAll('start');
    configureLists(suite.db, { totalsCachedFromMs: Number.POSITIVE_INFINITY, countCap: 1 });
    try {
      await compareAll('count capped at 1');
    } finally {
      configureLists(suite.db, { totalsCachedFromMs: Number.POSITIVE_INFINITY });
    }
  });

  it('after writes', async () => {
    const order = await suite.fx.validatedOrder(market, ['7']);
    const attachment = await suite.fx.attachment(order);
    await suite.fx.saveLines(attachment, [
      { prestation: (await pricesOf(suite.db, market.bpuId))[1]?.prestation ?? 0, quantity: '4' },
    ]);
    await suite.fx.validate(attachment);
    await suite.db.execute(sql`UPDATE orders SET total = total + 1.11, total_ttc = total_ttc + 1.33 WHERE id = ${order}`);
    await suite.db.execute(sql`UPDATE attachments SET amount = amount + 2.22, rg = rg + 0.11 WHERE id = ${attachment}`);
    await compareAll('an order, an attachment validated, both edited');
    const other = await marketWithBpu(suite.app, suite.db, tokens.admin ?? '');
    await suite.db.execute(sql`UPDATE orders o SET market_id = m.id, project_id = m.project_id, agency_id = m.agency_id
      FROM markets m WHERE m.id = ${other.marketId} AND o.id = ${order}`);
    await suite.db.execute(sql`DELETE FROM attachment_deposits WHERE attachment_id = ${attachment}`);
    await compareAll('the order moved out of the scope, a consumption removed');
  });

  it('My tasks and My scope are totalled on their own rows, not on the summaries', async () => {
    const get = async (uid: string, url: string) =>
      (await suite.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[uid]}` } })).json<
        ListReply<Record<string, string>>
      >();
    let narrower = 0;
    for (const [path, column] of [
      ['/api/orders', 'total'],
      ['/api/attachements', 'amount'],
    ] as const) {
      for (const uid of USERS) {
        const all = await get(uid, `${path}?filter=all&size=200&summary=true`);
        for (const filter of ['haveToDo', 'canDo']) {
          const body = await get(uid, `${path}?filter=${filter}&size=200&summary=true`);
          const sum = body.content.reduce((total, row) => total + Math.round(Number(row[column]) * 100), 0);
          expect(Math.round(Number(body.summary?.[column]) * 100), `${path} ${uid} ${filter}`).toBe(sum);
          narrower += body.totalElements < all.totalElements ? 1 : 0;
        }
      }
    }
    // the comparison meant something: some filters keep fewer rows than the unfiltered list
    expect(narrower).toBeGreaterThan(0);
  });
});
