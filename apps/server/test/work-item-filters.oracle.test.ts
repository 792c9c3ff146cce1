import type { WorkflowFilter } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentList } from '../src/modules/attachments/index.js';
import { orderList } from '../src/modules/orders/index.js';
import { type Actor, itemScope, TOKEN_ALIAS, type WorkflowRegistry } from '../src/modules/workflow/index.js';
import { configureLists, type ListDefinition, parseListQuery, runList } from '../src/platform/list-engine.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, login, type TestApp, userIdOf } from './helper.js';
import { createOrder, marketWithBpu } from './orders-fixtures.js';
import { delegate } from './workflow-fixtures.js';

/**
 * Issue 14: the order and attachment lists' My scope / My tasks read the stored node and the role's node
 * ids resolved in the application. The oracle is the former condition, kept here as it was: the tokens,
 * the kind's scope through a subquery on the item's table, the role's nodes through a subquery.
 */
function formerRoleActsOnNode(roleId: number, nodeId: SQL, forwardOnly: boolean): SQL {
  return sql`${nodeId} IN (SELECT tr.from_node_id FROM workflow_transitions tr JOIN role_workflow_transitions rwt ON rwt.transition_id = tr.id WHERE rwt.role_id = ${roleId} AND NOT tr.disabled${
    forwardOnly ? sql` AND tr.type = 1` : sql``
  })`;
}

function formerCondition(registry: WorkflowRegistry, actors: Actor[], filter: WorkflowFilter, entity: string, entityId: SQL) {
  const self = actors[0]?.principal;
  if (filter === 'all' || !self) {
    return undefined;
  }
  const token = TOKEN_ALIAS;
  const condition =
    filter === 'canDo'
      ? sql`(${itemScope(registry, self, token, { entity })} AND ${formerRoleActsOnNode(self.roleId, token.nodeId, false)})`
      : sql`(${sql.join(
          actors.map(
            (actor) =>
              sql`(${itemScope(registry, actor.principal, token, { entity, assigned: true })} AND ${formerRoleActsOnNode(
                actor.principal.roleId,
                token.nodeId,
                true,
              )})`,
          ),
          sql` OR `,
        )})`;
  return sql`${entityId} IN (SELECT wt.entity_id FROM workflow_tokens wt WHERE wt.entity_name = ${entity} AND ${condition})`;
}

let testApp: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  for (const uid of ['admin', 'cdp', 'sst']) {
    tokens[uid] = await login(testApp.app, uid, uid);
  }
  const admin = tokens.admin ?? '';
  const fixtures = attachmentFixtures(testApp.app, testApp.db, () => admin);
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  // orders on several nodes (draft, CDP validation, SST validation, validated) and attachments on theirs
  await createOrder(testApp.app, testApp.db, admin, market.marketId);
  const atCdp = await createOrder(testApp.app, testApp.db, admin, market.marketId);
  await fixtures.move('order', atCdp, 'os_submit_to_cdp', 'os_validation_cdp');
  const validated = await fixtures.validatedOrder(market);
  await fixtures.attachment(validated);
  const submitted = await fixtures.attachment(validated);
  await fixtures.move('attachement', submitted, 'att_submit_to_cdp', 'att_validating');
  // sst acts today for cdp (My tasks adds cdp's, within cdp's scope)
  await delegate(testApp.db, await userIdOf(testApp.db, 'cdp'), await userIdOf(testApp.db, 'sst'), -1, 1);
});

afterAll(async () => {
  await testApp?.close();
});

const lists: { path: string; entity: string; list: ListDefinition; entityId: SQL }[] = [
  { path: '/api/orders', entity: 'order', list: orderList, entityId: sql`o.id` },
  { path: '/api/attachements', entity: 'attachement', list: attachmentList, entityId: sql`att.id` },
];

describe('the business lists filtered on the stored node give the rows and counts of the former tokens query', () => {
  for (const { path, entity, list, entityId } of lists) {
    for (const uid of ['admin', 'cdp', 'sst']) {
      for (const filter of ['all', 'canDo', 'haveToDo'] as const) {
        it(`${path}, ${uid}, ${filter}`, async () => {
          const principal = await testApp.app.principals.get(await userIdOf(testApp.db, uid));
          if (!principal) {
            throw new Error(`no principal ${uid}`);
          }
          const actors = await testApp.app.workflow.actorsOf(principal);
          const former = formerCondition(testApp.app.workflow.registry, actors, filter, entity, entityId);
          const expected = (await runList(
            testApp.db,
            former ? { ...list, where: former, stored: undefined } : list,
            parseListQuery({ size: 200, summary: true }),
            principal,
          )) as { content: { id: number }[]; totalElements: number; summary?: unknown };
          const reply = await testApp.app.inject({
            method: 'GET',
            url: `${path}?filter=${filter}&size=200&summary=true`,
            headers: { authorization: `Bearer ${tokens[uid]}` },
          });
          expect(reply.statusCode, reply.body).toBe(200);
          const found = reply.json<{ content: { id: number }[]; totalElements: number; summary?: unknown }>();
          expect(found.content.map((row) => row.id)).toEqual(expected.content.map((row) => row.id));
          expect(found.totalElements).toBe(expected.totalElements);
          expect(found.summary).toEqual(expected.summary);
          if (uid === 'admin' && filter !== 'all') {
            // the fixture makes the comparison meaningful: admin has rows in My scope and My tasks
            expect(found.totalElements).toBeGreaterThan(0);
          }
        });
      }
    }
  }
});

describe('My scope and My tasks count and total from the node summaries', () => {
  it('gives the capped count of the former query', async () => {
    const principal = await testApp.app.principals.get(await userIdOf(testApp.db, 'admin'));
    const actors = await testApp.app.workflow.actorsOf(principal ?? (undefined as never));
    configureLists(testApp.db, { countCap: 1 });
    try {
      for (const { path, entity, list, entityId } of lists) {
        for (const filter of ['canDo', 'haveToDo'] as const) {
          const former = formerCondition(testApp.app.workflow.registry, actors, filter, entity, entityId);
          const expected = await runList(
            testApp.db,
            { ...list, where: former, stored: undefined },
            parseListQuery({ size: 1, summary: true }),
            principal ?? null,
          );
          const reply = await testApp.app.inject({
            method: 'GET',
            url: `${path}?filter=${filter}&size=1&summary=true`,
            headers: { authorization: `Bearer ${tokens.admin}` },
          });
          expect(reply.statusCode, reply.body).toBe(200);
          expect(reply.json(), `${path} ${filter}`).toEqual(JSON.parse(JSON.stringify(expected)));
        }
      }
    } finally {
      configureLists(testApp.db, undefined);
    }
  });

  it('reads the summary rows, not the items', async () => {
    // totals never kept between requests (a slow statement under load would be cached)
    configureLists(testApp.db, { totalsCachedFromMs: Number.POSITIVE_INFINITY });
    const totalOf = async (path: string, filter: string) => {
      const reply = await testApp.app.inject({
        method: 'GET',
        url: `${path}?filter=${filter}&summary=only`,
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ summary: Record<string, string> }>().summary;
    };
    for (const [path, table, column, summed] of [
      ['/api/orders', 'order_node_summaries', 'total', 'total'],
      ['/api/attachements', 'attachment_node_summaries', 'amount', 'amount'],
    ] as const) {
      for (const filter of ['canDo', 'haveToDo']) {
        const before = await totalOf(path, filter);
        // the summary alone is changed (its triggers are on the items): a total read from it follows
        await testApp.db.execute(
          sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${sql.identifier(column)} + 1000`,
        );
        try {
          const after = await totalOf(path, filter);
          expect(after[summed], `${path} ${filter}`).not.toBe(before[summed]);
        } finally {
          await testApp.db.execute(
            sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${sql.identifier(column)} - 1000`,
          );
        }
      }
    }
    configureLists(testApp.db, undefined);
  });
});
