import type { DashboardNode, ListReply, RunningOrdersAmount } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentNodeSummaries } from '../src/modules/attachments/index.js';
import { orderNodeSummaries } from '../src/modules/orders/index.js';
import {
  attachmentsToValidateList,
  marketsToValidateList,
  ordersToValidateList,
  type ResolvedActor,
} from '../src/modules/workflow/index.js';
import { configureLists, type ListDefinition, parseListQuery, runList } from '../src/platform/list-engine.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import {
  formerDashboardNodes,
  formerHaveToDo,
  formerListShape,
  formerRunningOrderList,
  formerRunningOrdersAmount,
} from './dashboard-former-query.js';
import { inject, userIdOf } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { delegate } from './workflow-fixtures.js';

/**
 * Issue 14, the home dashboard: node counts on the items' stored node (capped), the "to validate" lists on
 * the item's row sorted on the tokens' arrival index, the running orders on the order's row. Each answer is
 * compared with the former tokens query (dashboard-former-query.ts) for every demo profile, one of them
 * acting for a delegator.
 */
const suite = adminSuite();
const USERS = ['admin', 'cdp', 'sst', 'comptable', 'valideur', 'lecteur'] as const;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const uid of USERS) {
    tokens[uid] = await suite.loginAs(uid);
  }
  const { admin, fx: fixtures } = suite;
  const market = await marketWithBpu(suite.app, suite.db, admin);
  // orders on several nodes (draft, CDP validation, validated: running) and attachments on theirs
  await createOrder(suite.app, suite.db, admin, market.marketId);
  const atCdp = await createOrder(suite.app, suite.db, admin, market.marketId);
  await fixtures.move('order', atCdp, 'os_submit_to_cdp', 'os_validation_cdp');
  const validated = await fixtures.validatedOrder(market);
  await fixtures.validatedOrder(market, ['3']);
  await fixtures.attachment(validated);
  const submitted = await fixtures.attachment(validated);
  await fixtures.move('attachement', submitted, 'att_submit_to_cdp', 'att_validating');
  // sst acts today for cdp (My tasks adds cdp's, within cdp's scope)
  await suite.db.execute(sql`DELETE FROM delegations`);
  await delegate(suite.db, await userIdOf(suite.db, 'cdp'), await userIdOf(suite.db, 'sst'), -1, 1);
  // arrival times in whole seconds, three tokens a second: the sorts on them meet ties, broken by the id
  await suite.db.execute(
    sql`UPDATE workflow_tokens SET updated_at = timestamptz '2026-01-05 08:00:00+00' + ((id * 7) % 11 / 3) * interval '1 second'`,
  );
});

afterAll(async () => {
  configureLists(suite.db, undefined);
});

async function actorsOf(uid: string): Promise<ResolvedActor[]> {
  return suite.app.workflow.actorsOf(await suite.principalOf(uid));
}

async function get<Reply>(uid: string, url: string): Promise<{ status: number; body: Reply }> {
  const reply = await suite.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[uid]}` } });
  return { status: reply.statusCode, body: reply.json<Reply>() };
}

const roleIdsOf = (actors: ResolvedActor[]) => [...new Set(actors.map((actor) => actor.principal.roleId))];

describe('GET /dashboard/nodes answers the former tokens count', () => {
  for (const uid of USERS) {
    it(uid, async () => {
      const actors = await actorsOf(uid);
      const expected = await formerDashboardNodes(suite.db, suite.app.workflow.registry, actors, roleIdsOf(actors));
      const found = await get<DashboardNode[]>(uid, '/api/dashboard/nodes');
      expect(found.status).toBe(200);
      expect(found.body).toEqual(expected);
      if (uid === 'admin' || uid === 'sst') {
        // the fixture makes the comparison meaningful: items in scope and tasks (sst's through cdp's delegation)
        expect(found.body.some((node) => node.objectName === 'order' && node.haveToDo > 0)).toBe(true);
        expect(found.body.some((node) => node.objectName === 'attachement' && node.count > 0)).toBe(true);
      }
    });
  }

  it('stops counting at the lists cap and says so', async () => {
    const actors = await actorsOf('admin');
    const expected = await formerDashboardNodes(suite.db, suite.app.workflow.registry, actors, roleIdsOf(actors));
    configureLists(suite.db, { countCap: 1 });
    try {
      const found = await get<DashboardNode[]>('admin', '/api/dashboard/nodes');
      const capped = (count: number, shown: number, flag: boolean | undefined) =>
        expect({ shown, flag: flag === true }).toEqual({ shown: Math.min(count, 1), flag: count > 1 });
      for (const [index, node] of found.body.entries()) {
        const former = expected[index];
        expect(node.nodeId).toBe(former?.nodeId);
        if (node.objectName === 'order' || node.objectName === 'attachement') {
          capped(former?.count ?? 0, node.count, node.countCapped);
          capped(former?.haveToDo ?? 0, node.haveToDo, node.haveToDoCapped);
        } else {
          // the other kinds' few tokens are counted exactly
          expect(node).toEqual(former);
        }
      }
      expect(found.body.some((node) => node.countCapped)).toBe(true);
    } finally {
      configureLists(suite.db, undefined);
    }
  });
});

describe('the running orders answer the former tokens query', () => {
  for (const uid of USERS) {
    it(uid, async () => {
      const actors = await actorsOf(uid);
      const registry = suite.app.workflow.registry;
      const amount = await get<RunningOrdersAmount>(uid, '/api/dashboard/runningorders/amount');
      expect(amount.body).toEqual(await formerRunningOrdersAmount(suite.db, registry, actors));
      for (const query of ['size=200&sort=updatedAt,desc', 'size=200', 'size=2&page=1&sort=updatedAt,asc']) {
        const found = await get<ListReply<Record<string, unknown>>>(uid, `/api/dashboard/runningorders?${query}`);
        expect(found.status).toBe(200);
        const expected = await runList(
          suite.db,
          formerRunningOrderList(registry, actors),
          parseListQuery(Object.fromEntries(new URLSearchParams(query))),
          null,
        );
        expect(found.body).toEqual(JSON.parse(JSON.stringify(expected)));
      }
      if (uid === 'admin') {
        expect(amount.body.count).toBeGreaterThan(1);
      }
    });
  }
});

const toValidate: {
  path: string;
  entity: string;
  entityId: SQL;
  list: (haveToDo: SQL) => ListDefinition;
}[] = [
  { path: '/api/dashboard/orderstovalidate', entity: 'order', entityId: sql`o.id`, list: ordersToValidateList },
  {
    path: '/api/dashboard/attachementstovalidate',
    entity: 'attachement',
    entityId: sql`att.id`,
    list: attachmentsToValidateList,
  },
  { path: '/api/dashboard/marketstovalidate', entity: 'subcontractor_market', entityId: sql`m.id`, list: marketsToValidateList },
];

describe('the "to validate" lists answer the former tokens query', () => {
  for (const { path, entity, entityId, list } of toValidate) {
    for (const uid of USERS) {
      it(`${path}, ${uid}`, async () => {
        const actors = await actorsOf(uid);
        const former = formerListShape(list(formerHaveToDo(suite.app.workflow.registry, actors, entity, entityId)));
        for (const query of [
          'page=0&size=10&sort=since,asc',
          'size=200&sort=since,desc&summary=true',
          'size=200&sort=nodeName,asc',
        ]) {
          const found = await get<ListReply<Record<string, unknown>>>(uid, `${path}?${query}`);
          if (found.status === 403) {
            // no read right on the kind: the route refuses before any query
            return;
          }
          expect(found.status).toBe(200);
          const expected = await runList(suite.db, former, parseListQuery(Object.fromEntries(new URLSearchParams(query))), null);
          expect(found.body).toEqual(JSON.parse(JSON.stringify(expected)));
        }
      });
    }
  }

  it('count and total the orders and attachments to validate on their node summaries', async () => {
    const summed = async () => {
      const replies = await Promise.all(
        ['/api/dashboard/orderstovalidate', '/api/dashboard/attachementstovalidate'].map((path) =>
          get<ListReply<unknown> & { summary?: Record<string, string> }>('admin', `${path}?summary=true`),
        ),
      );
      return replies.map((reply) => ({ count: reply.body.totalElements, amount: Number(reply.body.summary?.amount) }));
    };
    const before = await summed();
    // the summaries alone changed (their triggers are on the items): the lists' count and total follow
    await suite.db.execute(sql`UPDATE order_node_summaries SET orders = orders + 1000, total = total + 1000`);
    await suite.db.execute(sql`UPDATE attachment_node_summaries SET attachments = attachments + 1000, amount = amount + 1000`);
    try {
      const after = await summed();
      for (const [index, figures] of after.entries()) {
        expect(figures.count).toBeGreaterThanOrEqual((before[index]?.count ?? 0) + 1000);
        expect(figures.amount).toBeGreaterThanOrEqual((before[index]?.amount ?? 0) + 1000);
      }
    } finally {
      await suite.db.execute(sql`UPDATE order_node_summaries SET orders = orders - 1000, total = total - 1000`);
      await suite.db.execute(sql`UPDATE attachment_node_summaries SET attachments = attachments - 1000, amount = amount - 1000`);
    }
  });

  it('the fixture gives admin and sst (for cdp) orders and attachments to validate', async () => {
    for (const uid of ['admin', 'sst']) {
      for (const path of ['/api/dashboard/orderstovalidate', '/api/dashboard/attachementstovalidate']) {
        const found = await get<ListReply<unknown>>(uid, path);
        expect(found.body.totalElements, `${uid} ${path}`).toBeGreaterThan(0);
      }
    }
  });
});

/**
 * The running amount reads `order_node_summaries` (migration 0046), kept by triggers on the orders: after
 * each kind of write (an order entering and leaving the running node, its total edited, a draft deleted, an
 * order moved to another project and agency, attachments written and deposits consumed) the answer of an
 * administrator, a project manager and a subcontractor equals the former query over every running order,
 * and every stored summary equals its recomputation.
 */
describe('the running amount follows the writes (stored node summaries)', () => {
  const scopes = ['admin', 'cdp', 'sst'] as const;
  const seen: Record<string, number> = {};

  async function expectKept(step: string) {
    const registry = suite.app.workflow.registry;
    for (const uid of scopes) {
      const amount = await get<RunningOrdersAmount>(uid, '/api/dashboard/runningorders/amount');
      expect(amount.status).toBe(200);
      expect(amount.body, `${step}: ${uid}`).toEqual(await formerRunningOrdersAmount(suite.db, registry, await actorsOf(uid)));
      seen[uid] = Math.max(seen[uid] ?? 0, amount.body.count);
    }
    const orders = await orderNodeSummaries(suite.db);
    expect(orders.stored, step).toEqual(orders.recomputed);
    const attachments = await attachmentNodeSummaries(suite.db);
    expect(attachments.stored, step).toEqual(attachments.recomputed);
    const used = await rowsOf<{ id: number; used: string; recomputed: string }>(
      suite.db,
      sql`SELECT d.id, d.used::text AS used, coalesce(sum(ad.amount), 0)::numeric(14, 2)::text AS recomputed
        FROM deposits d LEFT JOIN attachment_deposits ad ON ad.deposit_id = d.id GROUP BY d.id ORDER BY d.id`,
    );
    expect(
      used.filter((row) => row.used !== row.recomputed),
      step,
    ).toEqual([]);
  }

  it('after every kind of write', async () => {
    const { admin, fx: fixtures } = suite;
    await expectKept('start');
    // a market of cdp's demo project and sst's agency, where the writes happen
    const [demo] = await rowsOf<{ id: number; project_id: number; agency_id: number }>(
      suite.db,
      sql`SELECT m.id, m.project_id, m.agency_id FROM markets m ORDER BY m.id LIMIT 1`,
    );
    const market = await marketWithBpu(suite.app, suite.db, admin);
    await suite.db.execute(sql`UPDATE markets SET project_id = ${demo?.project_id}, agency_id = ${demo?.agency_id}
      WHERE id = ${market.marketId}`);
    const running = await fixtures.validatedOrder(market);
    await expectKept('an order validated');
    const deposit = await fixtures.deposit(market.marketId, '500.00');
    const attachment = await fixtures.attachment(running);
    await fixtures.saveLines(attachment, [
      { prestation: (await pricesOf(suite.db, market.bpuId))[0]?.prestation ?? 0, quantity: '2' },
    ]);
    await fixtures.validate(attachment);
    const [consumed] = await rowsOf<{ used: string }>(
      suite.db,
      sql`SELECT used::text AS used FROM deposits WHERE id = ${deposit}`,
    );
    expect(Number(consumed?.used)).toBeGreaterThan(0);
    await expectKept('an attachment validated, a deposit consumed');
    await suite.db.execute(sql`UPDATE orders SET total = total + 12.34, total_ttc = total_ttc + 14.81 WHERE id = ${running}`);
    await expectKept('a running order edited');
    // the order moved to another project and agency (the market's), with its attachment
    const other = await marketWithBpu(suite.app, suite.db, admin);
    await suite.db.execute(sql`UPDATE orders o SET market_id = m.id, project_id = m.project_id, agency_id = m.agency_id
      FROM markets m WHERE m.id = ${other.marketId} AND o.id = ${running}`);
    await expectKept('an order moved to another project and agency');
    await suite.db.execute(sql`UPDATE orders o SET market_id = m.id, project_id = m.project_id, agency_id = m.agency_id
      FROM markets m WHERE m.id = ${market.marketId} AND o.id = ${running}`);
    await suite.db.execute(sql`DELETE FROM attachment_deposits WHERE deposit_id = ${deposit}`);
    await expectKept('moved back, the consumption removed');
    const closing = await fixtures.validatedOrder(market, ['1']);
    const moved = await fixtures.move('order', closing, 'os_to_closed', 'os_closed');
    expect(moved.statusCode, moved.body).toBe(200);
    await expectKept('an order closed');
    const draft = await createOrder(suite.app, suite.db, admin, market.marketId);
    await expectKept('a draft created');
    const deleted = await inject(suite.app, { method: 'DELETE', url: `/api/order/${draft}/delete`, token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectKept('a draft deleted');
    // the comparison meant something for each scope
    expect(seen.admin).toBeGreaterThan(2);
    expect(seen.cdp).toBeGreaterThan(0);
    expect(seen.sst).toBeGreaterThan(0);
  });
});

/**
 * The counts of the order and attachment nodes read the node summaries (`row.summary`, kept by triggers):
 * before and after moves, for an administrator, a project manager and a subcontractor acting for him, the
 * answer equals the former tokens count; and a change made to a summary alone shows in the counts.
 */
describe('GET /dashboard/nodes counts orders and attachments from the node summaries', () => {
  const scopes = ['admin', 'cdp', 'sst'] as const;
  const seen = new Set<string>();

  async function expectFormer(step: string) {
    for (const uid of scopes) {
      const actors = await actorsOf(uid);
      const found = await get<DashboardNode[]>(uid, '/api/dashboard/nodes');
      expect(found.status).toBe(200);
      for (const node of found.body) {
        if ((node.objectName === 'order' || node.objectName === 'attachement') && node.count > 0) {
          seen.add(`${uid} ${node.objectName} count`);
        }
        if ((node.objectName === 'order' || node.objectName === 'attachement') && node.haveToDo > 0) {
          seen.add(`${uid} ${node.objectName} haveToDo`);
        }
      }
      expect(found.body, `${step}: ${uid}`).toEqual(
        await formerDashboardNodes(suite.db, suite.app.workflow.registry, actors, roleIdsOf(actors)),
      );
    }
  }

  it('answers the former count before and after moves', async () => {
    const { admin, fx: fixtures } = suite;
    await expectFormer('start');
    const market = await marketWithBpu(suite.app, suite.db, admin);
    const order = await createOrder(suite.app, suite.db, admin, market.marketId);
    await expectFormer('an order created');
    const submitted = await fixtures.move('order', order, 'os_submit_to_cdp', 'os_validation_cdp');
    expect(submitted.statusCode, submitted.body).toBe(200);
    await expectFormer('an order submitted to the project manager');
    const validated = await fixtures.validatedOrder(market);
    const attachment = await fixtures.attachment(validated);
    await expectFormer('an order validated, an attachment created');
    const moved = await fixtures.move('attachement', attachment, 'att_submit_to_cdp', 'att_validating');
    expect(moved.statusCode, moved.body).toBe(200);
    await expectFormer('an attachment submitted');
    const closed = await fixtures.move('order', validated, 'os_to_closed', 'os_closed');
    expect(closed.statusCode, closed.body).toBe(200);
    await expectFormer('an order closed');
    // the comparison meant something for each scope
    for (const uid of scopes) {
      for (const seenAs of ['order count', 'attachement count', 'order haveToDo']) {
        expect(seen.has(`${uid} ${seenAs}`), `${uid} ${seenAs}`).toBe(true);
      }
    }
  });

  it('reads the summary rows, not the items', async () => {
    const countsOf = async () =>
      (await get<DashboardNode[]>('admin', '/api/dashboard/nodes')).body
        .filter((node) => node.objectName === 'order' || node.objectName === 'attachement')
        .map((node) => `${node.nodeCode}:${node.count}/${node.haveToDo}`);
    const before = await countsOf();
    expect(before.length).toBeGreaterThan(0);
    // the summaries alone changed (their triggers are on the items): counts read from them follow
    await suite.db.execute(sql`UPDATE order_node_summaries SET orders = orders + 1000`);
    await suite.db.execute(sql`UPDATE attachment_node_summaries SET attachments = attachments + 1000`);
    try {
      const after = await countsOf();
      expect(after).not.toEqual(before);
    } finally {
      await suite.db.execute(sql`UPDATE order_node_summaries SET orders = orders - 1000`);
      await suite.db.execute(sql`UPDATE attachment_node_summaries SET attachments = attachments - 1000`);
    }
  });
});

/**
 * Issue 14: whoever's scope narrows nothing (the administrator) reads the node summaries rolled up per node
 * and stripe of projects (migration 0058), a project manager the summaries themselves; both give the former
 * counts above. A change made to the roll-ups alone shows in the administrator's dashboard counts, running
 * orders count and orders list count, not in the project manager's.
 */
describe('the node roll-ups', () => {
  const dashboardCounts = async (uid: string) =>
    (await get<DashboardNode[]>(uid, '/api/dashboard/nodes')).body
      .filter((node) => node.objectName === 'order' || node.objectName === 'attachement')
      .map((node) => `${node.nodeCode}:${node.count}/${node.haveToDo}`);
  const orderCount = async (uid: string, filter: string) =>
    (await get<{ totalElements: number }>(uid, `/api/orders?filter=${filter}&page=0&size=1&summary=true`)).body.totalElements;
  const figures = async (uid: string) => ({
    dashboard: await dashboardCounts(uid),
    all: await orderCount(uid, 'all'),
    haveToDo: await orderCount(uid, 'haveToDo'),
    running: (await get<RunningOrdersAmount>(uid, '/api/dashboard/runningorders/amount')).body.count,
  });

  it('serve the administrator, and not a project manager', async () => {
    const before = { admin: await figures('admin'), cdp: await figures('cdp') };
    expect(before.admin.all).toBeGreaterThan(0);
    await suite.db.execute(sql`UPDATE order_node_rollups SET orders = orders + 1000`);
    await suite.db.execute(sql`UPDATE attachment_node_rollups SET attachments = attachments + 1000`);
    try {
      const after = { admin: await figures('admin'), cdp: await figures('cdp') };
      expect(after.admin.dashboard).not.toEqual(before.admin.dashboard);
      expect(after.admin.all).toBeGreaterThanOrEqual(before.admin.all + 1000);
      expect(after.admin.haveToDo).toBeGreaterThan(before.admin.haveToDo);
      expect(after.admin.running).toBeGreaterThan(before.admin.running);
      expect(after.cdp).toEqual(before.cdp);
    } finally {
      await suite.db.execute(sql`UPDATE order_node_rollups SET orders = orders - 1000`);
      await suite.db.execute(sql`UPDATE attachment_node_rollups SET attachments = attachments - 1000`);
    }
  });

  it("per user serve a project manager (their scope is the user's projects), and not the administrator", async () => {
    const before = { admin: await figures('admin'), cdp: await figures('cdp') };
    const cdp = await userIdOf(suite.db, 'cdp');
    const [{ rows } = { rows: 0 }] = await rowsOf<{ rows: number }>(
      suite.db,
      sql`SELECT count(*)::int AS rows FROM order_node_user_rollups WHERE user_id = ${cdp}`,
    );
    expect(rows).toBeGreaterThan(0);
    await suite.db.execute(sql`UPDATE order_node_user_rollups SET orders = orders + 1000 WHERE user_id = ${cdp}`);
    await suite.db.execute(sql`UPDATE attachment_node_user_rollups SET attachments = attachments + 1000 WHERE user_id = ${cdp}`);
    try {
      const after = { admin: await figures('admin'), cdp: await figures('cdp') };
      expect(after.cdp.dashboard).not.toEqual(before.cdp.dashboard);
      expect(after.cdp.running).toBeGreaterThanOrEqual(before.cdp.running + 1000);
      expect(after.admin).toEqual(before.admin);
    } finally {
      await suite.db.execute(sql`UPDATE order_node_user_rollups SET orders = orders - 1000 WHERE user_id = ${cdp}`);
      await suite.db.execute(
        sql`UPDATE attachment_node_user_rollups SET attachments = attachments - 1000 WHERE user_id = ${cdp}`,
      );
    }
  });
});
