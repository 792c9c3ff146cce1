import type { WorkflowFilter } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLists, parseListQuery, runList } from '../src/platform/list-engine.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, login, type TestApp, userIdOf } from './helper.js';
import { formerNodeTokenCounts, formerNodeTokenList } from './node-screen-former-query.js';
import { createOrder, marketWithBpu } from './orders-fixtures.js';
import { delegate, nodesOf, seededWorkflow } from './workflow-fixtures.js';

/**
 * Issue 14: the node screen reads the stored current node of orders and attachments and walks the
 * node's tokens by the index `(node_id, id)`. The oracle is the former token list and counts
 * (`node-screen-former-query.ts`): same counts per filter, same rows and order, same capped counts.
 */
let testApp: TestApp;
const tokens: Record<string, string> = {};
const nodes: { code: string; id: number; entity: string }[] = [];
const year = String(new Date().getFullYear());

beforeAll(async () => {
  testApp = await createTestApp();
  for (const uid of ['admin', 'cdp', 'sst']) {
    tokens[uid] = await login(testApp.app, uid, uid);
  }
  const admin = tokens.admin ?? '';
  const fixtures = attachmentFixtures(testApp.app, testApp.db, () => admin);
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  await createOrder(testApp.app, testApp.db, admin, market.marketId);
  await createOrder(testApp.app, testApp.db, admin, market.marketId);
  for (let index = 0; index < 3; index += 1) {
    const atCdp = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    await fixtures.move('order', atCdp, 'os_submit_to_cdp', 'os_validation_cdp', 'à valider');
  }
  const validated = await fixtures.validatedOrder(market);
  await fixtures.attachment(validated);
  for (let index = 0; index < 2; index += 1) {
    const submitted = await fixtures.attachment(validated);
    await fixtures.move('attachement', submitted, 'att_submit_to_cdp', 'att_validating');
  }
  // sst acts today for cdp (My tasks adds cdp's items, within cdp's scope)
  await delegate(testApp.db, await userIdOf(testApp.db, 'cdp'), await userIdOf(testApp.db, 'sst'), -1, 1);
  for (const [workflow, codes] of [
    ['service_order', ['os_draft', 'os_validation_cdp', 'os_validated', 'os_closed']],
    ['attachement', ['att_draft', 'att_validating', 'att_validated']],
  ] as const) {
    const seeded = await seededWorkflow(testApp.db, workflow);
    const ids = await nodesOf(testApp.db, seeded.id);
    for (const code of codes) {
      nodes.push({ code, id: ids.get(code) ?? 0, entity: seeded.objectName });
    }
  }
});

afterAll(async () => {
  configureLists(testApp.db, undefined);
  await testApp?.close();
});

async function actorsOf(uid: string) {
  const principal = await testApp.app.principals.get(await userIdOf(testApp.db, uid));
  if (!principal) {
    throw new Error(`no principal ${uid}`);
  }
  return testApp.app.workflow.actorsOf(principal);
}

async function get(uid: string, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[uid]}` } });
}

const queries: Record<string, string>[] = [
  { size: '200' },
  { size: '2', page: '1' },
  { size: '200', sort: 'createdAt,asc' },
  { size: '200', sort: 'id,asc', filters: JSON.stringify({ createdAt: year }) },
  { size: '200', sort: 'reference,desc' },
];

describe('the node screen on the stored node gives the counts and rows of the former token queries', () => {
  for (const uid of ['admin', 'cdp', 'sst']) {
    it(`${uid}: the node's counts per filter`, async () => {
      let compared = 0;
      for (const node of nodes) {
        const reply = await get(uid, `/api/node/${node.id}`);
        if (reply.statusCode === 403) {
          continue;
        }
        expect(reply.statusCode, reply.body).toBe(200);
        const former = await formerNodeTokenCounts(testApp.db, testApp.app.workflow.registry, await actorsOf(uid), node.id);
        expect(reply.json<{ counts: unknown }>().counts, `${node.code}`).toEqual(former);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(0);
    });

    for (const filter of ['all', 'canDo', 'haveToDo'] as const satisfies readonly WorkflowFilter[]) {
      it(`${uid}, ${filter}: the node's tokens, page after page and sorted, with exact and capped counts`, async () => {
        const actors = await actorsOf(uid);
        let rows = 0;
        for (const node of nodes) {
          const list = formerNodeTokenList(testApp.app.workflow.registry, actors, node.id, filter, node.entity);
          for (const cap of [undefined, 1]) {
            configureLists(testApp.db, cap === undefined ? undefined : { countCap: cap });
            for (const query of queries) {
              const reply = await get(uid, `/api/node/${node.id}/tokens?${new URLSearchParams({ filter, ...query })}`);
              if (reply.statusCode === 403) {
                continue;
              }
              expect(reply.statusCode, reply.body).toBe(200);
              const expected = await runList(testApp.db, list, { ...parseListQuery(query), summary: false }, null);
              expect(reply.json(), `${node.code} ${JSON.stringify(query)} cap ${cap}`).toEqual(expected);
              rows += expected.content.length;
            }
          }
        }
        configureLists(testApp.db, undefined);
        if (uid === 'admin') {
          // the fixture makes the comparison meaningful: admin has tokens under every filter
          expect(rows).toBeGreaterThan(0);
        }
      });
    }
  }
});

describe('the node screen counts orders and attachments on their node summaries', () => {
  it('a change made to the summary alone shows in the counts and in the list count', async () => {
    const summaries = { order: ['order_node_summaries', 'orders'], attachement: ['attachment_node_summaries', 'attachments'] };
    for (const node of nodes.filter((entry) => entry.code === 'os_validation_cdp' || entry.code === 'att_validating')) {
      const [table, column] = summaries[node.entity as keyof typeof summaries];
      const countsOf = async () => (await get('admin', `/api/node/${node.id}`)).json<{ counts: { all: number } }>().counts.all;
      const listed = async () =>
        (await get('admin', `/api/node/${node.id}/tokens?filter=all&size=1`)).json<{ totalElements: number }>().totalElements;
      const before = { counts: await countsOf(), list: await listed() };
      expect(before.counts, node.code).toBeGreaterThan(0);
      const shift = (by: number) =>
        testApp.db.execute(
          sql`UPDATE ${sql.identifier(table ?? '')} SET ${sql.identifier(column ?? '')} = ${sql.identifier(column ?? '')} + ${by}
            WHERE node_id = ${node.id}`,
        );
      await shift(1000);
      try {
        expect(await countsOf(), node.code).toBeGreaterThanOrEqual(before.counts + 1000);
        expect(await listed(), node.code).toBeGreaterThanOrEqual(before.list + 1000);
      } finally {
        await shift(-1000);
      }
    }
  });
});
