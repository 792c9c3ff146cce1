import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, createTestApp, createTestUser, login } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { expectStatus, grant, transitionIdOf } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');
const fx = attachmentFixtures(app, db, () => admin);

afterAll(async () => {
  await testApp.close();
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
};

/** Every scan of user_projects in a plan, with the subplan it runs in (`SubPlan 3`), if any. */
function userProjectScans(node: PlanNode, subPlan: string | null = null): { node: string; subPlan: string | null }[] {
  const inSubPlan = node['Parent Relationship'] === 'SubPlan' ? (node['Subplan Name'] ?? null) : subPlan;
  const own = node['Relation Name'] === 'user_projects' ? [{ node: node['Node Type'], subPlan: inSubPlan }] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => userProjectScans(child, inSubPlan))];
}

describe('the notification statement of a move', () => {
  it('reads a candidate’s projects as a semi-join on the pair, never as a subplan per candidate (platform/scope.ts)', async () => {
    // two profiles of a visibility-2 role acting on the order's next node: their ids are the rows of VALUES,
    // and the order's project must be one of each candidate's, read from the candidate's row
    const candidate = await actingAs(testApp, { read: ['order', 'project'], visibility: 2 });
    await createTestUser(db, { roleId: candidate.roleId });
    await grant(db, candidate.roleId, { transitions: [await transitionIdOf(db, 'os_submit_to_sst')] });
    const market = await marketWithBpu(app, db, admin);
    const id = await createOrder(app, db, admin, market.marketId);
    const [price] = await pricesOf(db, market.bpuId);
    const order = await fx.json(await fx.send('GET', `/api/order/${id}`));
    await fx.json(
      await fx.send('PUT', `/api/order/${id}`, { ...order, prestationOSs: [{ prestation: price?.prestation, quantity: '10' }] }),
    );

    const execute = vi.spyOn(db, 'execute');
    let executed: SQL[];
    try {
      expectStatus(await fx.move('order', id, 'os_submit_to_cdp', 'os_validation_cdp'), 200);
    } finally {
      // restoring the spy forgets its calls
      executed = execute.mock.calls.map(([query]) => query as SQL);
      execute.mockRestore();
    }
    const dialect = new PgDialect();
    const statement = executed.find((query) => dialect.sqlToQuery(query).sql.includes('notified_candidate'));
    expect(statement, 'the notification statement of the move').toBeDefined();
    const explained = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`)) as unknown as {
      rows: { 'QUERY PLAN': unknown }[];
    };
    const cell = explained.rows[0]?.['QUERY PLAN'];
    const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    const scans = plan ? userProjectScans(plan.Plan) : [];
    const text = JSON.stringify(plan);
    // `project_id IN (SELECT project_id FROM user_projects WHERE user_id = <the candidate's column>)` is a
    // correlated subquery PostgreSQL cannot pull up: it runs as a subplan reading all the user's projects
    // for each candidate (docs/performance.md). EXISTS on the pair is a join; a subplan the planner hashes
    // (the table read once, whatever the candidates) may remain for other conditions.
    const perRow = scans.filter((scan) => scan.subPlan !== null && !new RegExp(`hashed ${scan.subPlan}\\b`).test(text));
    expect(scans.length, text).toBeGreaterThan(0);
    expect(perRow, text).toEqual([]);
  });
});
