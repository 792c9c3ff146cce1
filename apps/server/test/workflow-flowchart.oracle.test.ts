import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';
import {
  type ResolvedActor,
  tokenFilterCondition,
  type WorkflowRegistry,
  workflowNodeCounts,
} from '../src/modules/workflow/index.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, login, type TestApp, userIdOf } from './helper.js';
import { createOrder, marketWithBpu } from './orders-fixtures.js';

/**
 * Issue 14: the flowchart's count per node (`GET /api/workflow/{id}/flowchart`) reads the node summaries of
 * orders and attachments (`order_node_summaries`, `attachment_node_summaries`) instead of counting their
 * tokens. The oracle is the former statement (every token of the workflow, each kind's scope by a subquery),
 * for profiles of different scopes, before and after moves, an order moved out of a scope and a deletion.
 */
let testApp: TestApp;
const USERS = ['admin', 'cdp', 'sst', 'comptable', 'lecteur'] as const;
const tokens: Record<string, string> = {};
let fixtures: ReturnType<typeof attachmentFixtures>;
let market: { marketId: number; bpuId: number };
let workflowIds: number[] = [];

/** The flowchart's counts as they were: the workflow's tokens in the caller's scope, per node. */
async function formerCounts(registry: WorkflowRegistry, actors: ResolvedActor[], workflowId: number) {
  const rows = await rowsOf<{ node_id: number; total: number }>(
    testApp.db,
    sql`SELECT wt.node_id, count(*)::int AS total FROM workflow_tokens wt WHERE wt.workflow_id = ${workflowId} AND ${tokenFilterCondition(
      registry,
      actors,
      'all',
    )} GROUP BY wt.node_id`,
  );
  return new Map(rows.map((row) => [Number(row.node_id), Number(row.total)]));
}

async function actorsOf(uid: string) {
  const principal = await testApp.app.principals.get(await userIdOf(testApp.db, uid));
  if (!principal) {
    throw new Error(`no principal ${uid}`);
  }
  return testApp.app.workflow.actorsOf(principal);
}

async function compareAll(step: string) {
  let compared = 0;
  for (const uid of USERS) {
    const actors = await actorsOf(uid);
    for (const workflowId of workflowIds) {
      const reply = await testApp.app.inject({
        method: 'GET',
        url: `/api/workflow/${workflowId}/flowchart`,
        headers: { authorization: `Bearer ${tokens[uid]}` },
      });
      if (reply.statusCode === 403) {
        continue;
      }
      expect(reply.statusCode, `${step} ${uid} ${workflowId}: ${reply.body}`).toBe(200);
      const former = await formerCounts(testApp.app.workflow.registry, actors, workflowId);
      const nodes: { id: number; count: number }[] = reply.json().nodes;
      expect(
        nodes.map((node) => [node.id, node.count]),
        `${step} ${uid} workflow ${workflowId}`,
      ).toEqual(nodes.map((node) => [node.id, former.get(node.id) ?? 0]));
      compared += nodes.filter((node) => node.count > 0).length;
    }
  }
  // the fixture puts items on several nodes: the comparison is not between empty flowcharts
  expect(compared).toBeGreaterThan(5);
}

beforeAll(async () => {
  testApp = await createTestApp();
  for (const uid of USERS) {
    tokens[uid] = await login(testApp.app, uid, uid);
  }
  const admin = tokens.admin ?? '';
  fixtures = attachmentFixtures(testApp.app, testApp.db, () => admin);
  market = await marketWithBpu(testApp.app, testApp.db, admin);
  await createOrder(testApp.app, testApp.db, admin, market.marketId);
  const atCdp = await createOrder(testApp.app, testApp.db, admin, market.marketId);
  await fixtures.move('order', atCdp, 'os_submit_to_cdp', 'os_validation_cdp', 'à valider');
  const validated = await fixtures.validatedOrder(market);
  await fixtures.attachment(validated);
  const submitted = await fixtures.attachment(validated);
  await fixtures.move('attachement', submitted, 'att_submit_to_cdp', 'att_validating');
  const rows = await rowsOf<{ id: number }>(testApp.db, sql`SELECT id FROM workflows ORDER BY id`);
  workflowIds = rows.map((row) => Number(row.id));
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the flowchart counts from the node summaries equal the former token counts', () => {
  it('on the demo data and the fixture', async () => {
    await compareAll('initial');
  });

  it('after moves, an order moved to another project and agency, and a deleted draft', async () => {
    const order = await createOrder(testApp.app, testApp.db, tokens.admin ?? '', market.marketId);
    await fixtures.move('order', order, 'os_submit_to_cdp', 'os_validation_cdp');
    const validated = await fixtures.validatedOrder(market, ['2']);
    const attachment = await fixtures.attachment(validated);
    await fixtures.move('attachement', attachment, 'att_submit_to_cdp', 'att_validating');
    await compareAll('after moves');
    // out of cdp's and sst's scope: another project and agency (as a script would write it)
    await testApp.db.execute(sql`UPDATE orders SET project_id = (SELECT max(id) FROM projects),
      agency_id = (SELECT max(id) FROM agencies) WHERE id = ${validated}`);
    await compareAll('after an order changed project and agency');
    const draft = await createOrder(testApp.app, testApp.db, tokens.admin ?? '', market.marketId);
    await compareAll('with a new draft');
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/order/${draft}/delete`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await compareAll('after the draft was deleted');
  }, 240_000);

  it('reads no token of the orders and attachments workflows', async () => {
    const statements: string[] = [];
    const logger: Logger = { logQuery: (query) => statements.push(query) };
    const client = (testApp.db as unknown as { $client: unknown }).$client;
    const counting = (testApp.databaseUrl
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Database;
    const workflows = await rowsOf<{ id: number; object_name: string }>(
      testApp.db,
      sql`SELECT id, object_name FROM workflows WHERE object_name IN ('order', 'attachement') ORDER BY id`,
    );
    expect(workflows).toHaveLength(2);
    for (const workflow of workflows) {
      const nodes = await rowsOf<{ id: number }>(
        testApp.db,
        sql`SELECT id FROM workflow_nodes WHERE workflow_id = ${workflow.id} ORDER BY id`,
      );
      await workflowNodeCounts(
        counting,
        testApp.app.workflow.registry,
        await actorsOf('cdp'),
        { id: Number(workflow.id), objectName: workflow.object_name },
        nodes.map((node) => Number(node.id)),
      );
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => /workflow_tokens/.test(statement))).toEqual([]);
  });
});
