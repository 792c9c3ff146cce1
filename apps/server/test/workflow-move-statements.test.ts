import type { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';
import { notifications, workflowNodes, workflows, workflowTokens, workflowTransitions } from '../src/db/schema/index.js';
import { actorsOf, moveToken } from '../src/modules/workflow/index.js';
import { createBackgroundWork } from '../src/platform/background.js';
import type { Principal } from '../src/platform/principal.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, createTestRole, createTestUser, login, tokenFor, userIdOf } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { expectStatus, grant, move } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');
const adminId = await userIdOf(db, 'admin');
const fx = attachmentFixtures(app, db, () => admin);

afterAll(async () => {
  await testApp.close();
});

/**
 * A second drizzle instance on the test database's own connection (PGlite) or pool (PostgreSQL) that
 * records every statement it sends: the move is run on it as the engine runs it on the app's database.
 */
function countingDatabase() {
  const statements: string[] = [];
  // transaction control (BEGIN, COMMIT: node-postgres logs them, PGlite does not) is not counted
  const logger: Logger = {
    logQuery: (query) => {
      if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) {
        statements.push(query.replace(/\s+/g, ' ').trim());
      }
    },
  };
  const client = (db as unknown as { $client: unknown }).$client;
  const counted = (testApp.databaseUrl
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Database;
  return { db: counted, statements };
}

async function transitionOf(workflowCode: string, code: string, from: string): Promise<number> {
  const [row] = await db
    .select({ id: workflowTransitions.id })
    .from(workflowTransitions)
    .innerJoin(workflows, eq(workflows.id, workflowTransitions.workflowId))
    .innerJoin(workflowNodes, eq(workflowNodes.id, workflowTransitions.fromNodeId))
    .where(and(eq(workflows.code, workflowCode), eq(workflowTransitions.code, code), eq(workflowNodes.code, from)))
    .orderBy(asc(workflowTransitions.id))
    .limit(1);
  return Number(row?.id);
}

async function nodeOf(workflowCode: string, code: string): Promise<number> {
  const [row] = await db
    .select({ id: workflowNodes.id })
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(and(eq(workflows.code, workflowCode), eq(workflowNodes.code, code)));
  return Number(row?.id);
}

async function tokenOf(entity: string, entityId: number) {
  const [row] = await db
    .select({ id: workflowTokens.id, version: workflowTokens.version })
    .from(workflowTokens)
    .where(and(eq(workflowTokens.entityName, entity), eq(workflowTokens.entityId, entityId)));
  return { id: Number(row?.id), version: Number(row?.version) };
}

/** Profiles who must act on the node the move reaches: half of them see every item, half none. */
async function candidates(transitionIds: number[], read: 'order' | 'attachement', count: number) {
  const inScopeRole = await createTestRole(db, { read: [read], visibility: 1 });
  const outOfScopeRole = await createTestRole(db, { read: [read], visibility: 2 });
  await grant(db, inScopeRole, { transitions: transitionIds });
  await grant(db, outOfScopeRole, { transitions: transitionIds });
  const inScope: number[] = [];
  const outOfScope: number[] = [];
  for (let index = 0; index < count; index += 1) {
    inScope.push((await createTestUser(db, { roleId: inScopeRole })).id);
    outOfScope.push((await createTestUser(db, { roleId: outOfScopeRole })).id);
  }
  return { inScope, outOfScope };
}

async function assignedOf(entity: string, entityId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.template, 'WORKFLOW_TASK_ASSIGNED'),
        sql`${notifications.context}->>'entity' = ${entity}`,
        sql`(${notifications.context}->>'entityId')::int = ${entityId}`,
      ),
    )
    .orderBy(asc(notifications.userId));
  return rows.map((row) => row.userId);
}

/** Runs one move as the admin through the engine's own functions, on the counting database. */
async function countedMove(tokenId: number, version: number, transitionId: number) {
  const counting = countingDatabase();
  const principal = (await app.principals.get(adminId)) as Principal;
  const actors = await actorsOf(counting.db, app.principals, principal);
  const background = createBackgroundWork(app.log);
  const result = await moveToken(
    { db: counting.db, registry: app.workflow.registry, definitions: app.workflow.definitions, background },
    actors,
    { tokenId, transitionId, comment: null, version },
    { principal, requestId: 'statement-count' },
  );
  // the notifications are written after the move answers: counted once written
  await background.settled();
  return { result, statements: counting.statements };
}

/**
 * The most statements one move may send, notifications included: the delegations of the caller, the
 * token's lock (with the definitions' stamp), a reload of the definitions when they changed, the scope of
 * the caller, the guards' facts, the token update, the item's stored node, the history, the audit, then
 * after the commit the candidates, their roles and the notifications' INSERT … SELECT — whatever the number of people told. A regression to
 * per-recipient or per-guard statements fails here (docs/performance.md "Workflow move (issue 14)").
 */
const MAX_STATEMENTS = 13;

function summary(label: string, statements: string[]) {
  return `${label}: ${statements.length} statements\n${statements.map((statement) => statement.slice(0, 120)).join('\n')}`;
}

async function draftOrder() {
  const market = await marketWithBpu(app, db, admin);
  return createOrder(app, db, admin, market.marketId);
}

describe('one workflow move', () => {
  it('of an order to project manager validation runs a bounded number of statements and tells those in scope', async () => {
    const orderId = await draftOrder();
    const people = await candidates([await transitionOf('service_order', 'os_submit_to_sst', 'os_validation_cdp')], 'order', 10);
    // a profile of the out-of-scope role who follows the order's project: its condition is the role's, its
    // own id read from its row of the statement
    const follower = people.outOfScope[0] ?? 0;
    await db.execute(
      sql`INSERT INTO user_projects (user_id, project_id) SELECT ${follower}, project_id FROM orders WHERE id = ${orderId}`,
    );
    const token = await tokenOf('order', orderId);
    const { statements } = await countedMove(
      token.id,
      token.version,
      await transitionOf('service_order', 'os_submit_to_cdp', 'os_draft'),
    );
    expect(statements.length, summary('order move', statements)).toBeLessThanOrEqual(MAX_STATEMENTS);
    const told = await assignedOf('order', orderId);
    expect(told).toEqual(expect.arrayContaining([...people.inScope, follower]));
    expect(told.filter((id) => people.outOfScope.includes(id))).toEqual([follower]);
    expect(told).not.toContain(adminId);

    // the same move again, the definitions unchanged: they come from memory, no reload
    const next = await draftOrder();
    const nextToken = await tokenOf('order', next);
    const again = await countedMove(
      nextToken.id,
      nextToken.version,
      await transitionOf('service_order', 'os_submit_to_cdp', 'os_draft'),
    );
    expect(again.statements.length, summary('order move, definitions in memory', again.statements)).toBeLessThan(
      statements.length,
    );
    expect(again.statements.filter((statement) => statement.includes('json_agg'))).toEqual([]);
    expect(await assignedOf('order', next)).toEqual(expect.arrayContaining(people.inScope));
  });

  it('of an attachment to project manager validation runs a bounded number of statements and tells those in scope', async () => {
    const market = await marketWithBpu(app, db, admin);
    const orderId = await fx.validatedOrder(market, ['10']);
    const attachmentId = await fx.attachment(orderId);
    const [price] = await pricesOf(db, market.bpuId);
    const saved = await fx.saveLines(attachmentId, [{ prestation: Number(price?.prestation), quantity: '2' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const people = await candidates([await transitionOf('attachement', 'att_to_validated', 'att_validating')], 'attachement', 10);
    const token = await tokenOf('attachement', attachmentId);
    const { statements } = await countedMove(
      token.id,
      token.version,
      await transitionOf('attachement', 'att_submit_to_cdp', 'att_draft'),
    );
    expect(statements.length, summary('attachment move', statements)).toBeLessThanOrEqual(MAX_STATEMENTS);
    const told = await assignedOf('attachement', attachmentId);
    expect(told).toEqual(expect.arrayContaining(people.inScope));
    expect(told.filter((id) => people.outOfScope.includes(id))).toEqual([]);
  });

  it('cancelled by a failing in-transaction action leaves neither the move nor a notification', async () => {
    const orderId = await draftOrder();
    const people = await candidates([await transitionOf('service_order', 'os_submit_to_sst', 'os_validation_cdp')], 'order', 2);
    app.workflow.registry.registerPostAction(
      { workflow: 'service_order', transition: 'os_submit_to_cdp' },
      {
        inTransaction: async (facts) => {
          if (facts.token.entityId === orderId) {
            throw new Error('post-action failed on purpose');
          }
        },
      },
    );
    const token = await tokenOf('order', orderId);
    await expect(
      countedMove(token.id, token.version, await transitionOf('service_order', 'os_submit_to_cdp', 'os_draft')),
    ).rejects.toThrow('post-action failed on purpose');
    expect(await tokenOf('order', orderId)).toEqual(token);
    expect(await assignedOf('order', orderId)).toEqual([]);
    expect(people.inScope.length).toBe(2);
  });

  it('follows a grant revoked or a transition disabled after the definitions were cached', async () => {
    const mover = await createTestRole(db, { read: ['order'], visibility: 1 });
    const moverUser = await createTestUser(db, { roleId: mover });
    const submit = await transitionOf('service_order', 'os_submit_to_cdp', 'os_draft');
    await grant(db, mover, { transitions: [submit] });
    const draftNode = await nodeOf('service_order', 'os_draft');
    expect(await app.workflow.nodesWhereRoleActs(mover, true)).toEqual([draftNode]);
    const first = await tokenOf('order', await draftOrder());
    expectStatus(await move(app, await tokenFor(app, moverUser.id), first.id, submit), 200);

    // revoked: the next move is refused, no restart needed
    await db.execute(sql`DELETE FROM role_workflow_transitions WHERE role_id = ${mover}`);
    expect(await app.workflow.nodesWhereRoleActs(mover, false)).toEqual([]);
    const second = await tokenOf('order', await draftOrder());
    expectStatus(await move(app, await tokenFor(app, moverUser.id), second.id, submit), 403);

    // granted again, then the transition disabled: refused as disabled
    await grant(db, mover, { transitions: [submit] });
    await db.update(workflowTransitions).set({ disabled: true }).where(eq(workflowTransitions.id, submit));
    try {
      expect(await app.workflow.nodesWhereRoleActs(mover, false)).toEqual([]);
      expectStatus(await move(app, await tokenFor(app, moverUser.id), second.id, submit), 422);
    } finally {
      await db.update(workflowTransitions).set({ disabled: false }).where(eq(workflowTransitions.id, submit));
    }
    expectStatus(await move(app, await tokenFor(app, moverUser.id), second.id, submit), 200);
  });
});
