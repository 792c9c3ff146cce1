import { REFUSAL_COMMENT_MESSAGE, WORKFLOW_OBJECTS } from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  attachments,
  auditLog,
  envelopeValidators,
  orders,
  workflowTokenHistory,
  workflowTokens,
  workflowTransitions,
} from '../src/db/schema/index.js';
import { MOVED_MEANWHILE_MESSAGE } from '../src/modules/workflow/index.js';
import { REFERENCE_WORKFLOWS } from '../src/seed/workflow-definitions.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createEnvelope, uploadToEnvelope } from './contracts-fixtures.js';
import { actingAs, countRows, createTestApp, login, userIdOf } from './helper.js';
import { createMarket } from './markets-fixtures.js';
import { createOrder, demoMarkets, marketWithBpu } from './orders-fixtures.js';
import {
  documentTokenOnNode,
  expectStatus,
  grant,
  move,
  newTestToken,
  nodeOfToken,
  nodesOf,
  seededWorkflow,
  testWorkflow,
  tokenOnNode,
} from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const workflow = await testWorkflow(app, db);
const admin = await login(app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

// every seeded workflow's kind is registered by its module: its transitions are exercised on real items
for (const objectName of Object.values(WORKFLOW_OBJECTS)) {
  if (!app.workflow.registry.kind(objectName)) {
    throw new Error(`no work item kind for ${objectName}`);
  }
}

const COMMENT = 'Commentaire de test';

/**
 * The token of a new order (created by the API), placed on the given node, with a total that the
 * amount routing sends to `toNode` for a mover without engagement (above 0 only towards amount validation).
 */
async function orderTokenOnNode(nodeId: number, toNode: number, nodes: Map<string, number>): Promise<number> {
  const [market] = await demoMarkets(db);
  const orderId = await createOrder(app, db, admin, market?.id ?? 0);
  const total = toNode === nodes.get('os_validation_amount') ? '100.00' : '0.00';
  await db.update(orders).set({ total }).where(eq(orders.id, orderId));
  const [token] = await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(sql`${workflowTokens.entityName} = 'order' AND ${workflowTokens.entityId} = ${orderId}`)
    .returning({ id: workflowTokens.id });
  return Number(token?.id);
}

/** The token of a new market (created by the API, so a real item), placed on the given node. */
async function marketTokenOnNode(nodeId: number): Promise<number> {
  const marketId = await createMarket(app, db, admin);
  const [token] = await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(sql`${workflowTokens.entityName} = 'subcontractor_market' AND ${workflowTokens.entityId} = ${marketId}`)
    .returning({ id: workflowTokens.id });
  return Number(token?.id);
}

/**
 * The token of a new envelope (created by the API, with a document so that it may be sent to validation),
 * placed on the given node.
 */
async function envelopeTokenOnNode(nodeId: number, validatorId: number): Promise<number> {
  const envelopeId = await createEnvelope(app, db, admin);
  expectStatus(await uploadToEnvelope(app, db, admin, envelopeId), 200);
  // spec 2 §5: two validators, the mover the last one to decide
  await db.insert(envelopeValidators).values([
    { envelopeId, userId: await userIdOf(db, 'admin'), isValidated: true, decision: 'validated' },
    { envelopeId, userId: validatorId },
  ]);
  const [token] = await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(sql`${workflowTokens.entityName} = 'envelope' AND ${workflowTokens.entityId} = ${envelopeId}`)
    .returning({ id: workflowTokens.id });
  return Number(token?.id);
}

const attachmentFx = attachmentFixtures(app, db, () => admin);
let validatedOrderId: number | undefined;

/**
 * The token of a new attachment (created by the API on a validated order), placed on the given node, with an
 * amount that the engagement routing sends to `toNode` for a mover without engagement.
 */
async function attachmentTokenOnNode(nodeId: number, toNode: number, nodes: Map<string, number>): Promise<number> {
  validatedOrderId ??= await attachmentFx.validatedOrder(await marketWithBpu(app, db, admin));
  const attachmentId = await attachmentFx.attachment(validatedOrderId);
  const amount = toNode === nodes.get('att_validating_amount') ? '100.00' : '0.00';
  await db.update(attachments).set({ amount }).where(eq(attachments.id, attachmentId));
  const [token] = await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(sql`${workflowTokens.entityName} = 'attachement' AND ${workflowTokens.entityId} = ${attachmentId}`)
    .returning({ id: workflowTokens.id });
  return Number(token?.id);
}

describe('every seeded transition', () => {
  for (const seed of REFERENCE_WORKFLOWS) {
    it(`of the ${seed.code} workflow moves for a role that has it and is refused (403) to one that lacks it`, async () => {
      const stored = await seededWorkflow(db, seed.code);
      const nodes = await nodesOf(db, stored.id);
      const links = await db
        .select({
          id: workflowTransitions.id,
          code: workflowTransitions.code,
          from: workflowTransitions.fromNodeId,
          to: workflowTransitions.toNodeId,
        })
        .from(workflowTransitions)
        .where(eq(workflowTransitions.workflowId, stored.id));
      expect(links).toHaveLength(seed.transitions.length);
      const isDocument = seed.objectName === 'document';
      const isMarket = seed.objectName === 'subcontractor_market';
      const isOrder = seed.objectName === 'order';
      const isAttachment = seed.objectName === 'attachement';
      const isEnvelope = seed.objectName === 'envelope';
      // documents answer to their owner's scope, markets, orders, attachments and envelopes to the read right on them
      const rights = isDocument
        ? { read: ['document', 'project'] as const }
        : isMarket
          ? { read: ['subcontractor_market'] as const }
          : isOrder
            ? { read: ['order'] as const }
            : isAttachment
              ? { read: ['attachement'] as const }
              : isEnvelope
                ? { read: ['envelope'] as const, options: ['envelopes.can_send_for_signature'] }
                : {};
      for (const link of links) {
        const holder = await actingAs(testApp, { ...rights });
        await grant(db, holder.roleId, { transitions: [link.id] });
        const others = await actingAs(testApp, { ...rights });
        await grant(db, others.roleId, { transitions: links.filter((other) => other.id !== link.id).map((other) => other.id) });

        const tokenId = isDocument
          ? await documentTokenOnNode(app, db, admin, link.from)
          : isMarket
            ? await marketTokenOnNode(link.from)
            : isOrder
              ? await orderTokenOnNode(link.from, link.to, nodes)
              : isAttachment
                ? await attachmentTokenOnNode(link.from, link.to, nodes)
                : isEnvelope
                  ? await envelopeTokenOnNode(link.from, holder.userId)
                  : await tokenOnNode(db, stored.id, stored.objectName, link.from);
        const refused = await move(app, others.token, tokenId, link.id, COMMENT);
        expect(refused.statusCode, `${link.code} by a role without it: ${refused.body}`).toBe(403);
        expect(await nodeOfToken(db, tokenId)).toBe(link.from);

        const moved = await move(app, holder.token, tokenId, link.id, COMMENT);
        expect(moved.statusCode, `${link.code}: ${moved.body}`).toBe(200);
        expect(await nodeOfToken(db, tokenId)).toBe(link.to);
      }
      expect(nodes.size).toBe(seed.nodes.length);
    });
  }
});

describe('POST /wftoken/move', () => {
  it('moves the token, writes the history and the audit, and answers the new version', async () => {
    const actor = await actingAs(testApp, { read: ['project'] });
    await grant(db, actor.roleId, { transitions: [workflow.transition('test_submit')] });
    const { tokenId, projectId } = await newTestToken(db);
    const response = await move(app, actor.token, tokenId, workflow.transition('test_submit'), '  Prêt pour la revue  ');
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      success: true,
      tokenId,
      version: 2,
      nodeId: workflow.node('test_review'),
      onBehalfOfId: null,
    });
    const history = await db
      .select()
      .from(workflowTokenHistory)
      .where(eq(workflowTokenHistory.tokenId, tokenId))
      .orderBy(asc(workflowTokenHistory.id));
    expect(history.map((step) => [step.fromNodeId, step.toNodeId, step.userId, step.comment])).toEqual([
      [null, workflow.node('test_draft'), null, null],
      [workflow.node('test_draft'), workflow.node('test_review'), actor.userId, 'Prêt pour la revue'],
    ]);
    expect(await countRows(db, auditLog, sql`entity = 'workflow_test_item' AND entity_id = ${String(projectId)}`)).toBe(1);
  });

  it('refuses a refusal without a comment of 5 characters (422) and moves nothing', async () => {
    const actor = await actingAs(testApp);
    await grant(db, actor.roleId, { transitions: [workflow.transition('test_reject'), workflow.transition('test_rework')] });
    const { tokenId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
    for (const comment of [undefined, '', '   abcd   ']) {
      const response = await move(app, actor.token, tokenId, workflow.transition('test_reject'), comment);
      expectStatus(response, 422);
      expect(response.json()).toEqual({ error: REFUSAL_COMMENT_MESSAGE, detail: REFUSAL_COMMENT_MESSAGE });
    }
    expect(await nodeOfToken(db, tokenId)).toBe(workflow.node('test_review'));
    expect(await countRows(db, workflowTokenHistory, eq(workflowTokenHistory.tokenId, tokenId))).toBe(1);

    expectStatus(await move(app, actor.token, tokenId, workflow.transition('test_reject'), 'abcde'), 200);
    // a return to the start node is guarded the same way
    expectStatus(await move(app, actor.token, tokenId, workflow.transition('test_rework'), 'ok'), 422);
    expectStatus(await move(app, actor.token, tokenId, workflow.transition('test_rework'), 'Corrigé, à revoir'), 200);
  });

  it('does not ask a comment for a forward move', async () => {
    const actor = await actingAs(testApp);
    await grant(db, actor.roleId, { transitions: [workflow.transition('test_approve')] });
    const { tokenId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
    expectStatus(await move(app, actor.token, tokenId, workflow.transition('test_approve')), 200);
  });

  it('lets exactly one of two concurrent moves of a token through; the other gets 409', async () => {
    const actor = await actingAs(testApp);
    await grant(db, actor.roleId, { transitions: [workflow.transition('test_approve'), workflow.transition('test_reject')] });
    for (let round = 0; round < 3; round += 1) {
      const { tokenId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
      const responses = await Promise.all([
        move(app, actor.token, tokenId, workflow.transition('test_approve')),
        move(app, actor.token, tokenId, workflow.transition('test_reject'), 'Refus concurrent'),
        move(app, actor.token, tokenId, workflow.transition('test_approve')),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([200, 409, 409]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
        expect(response.json().error).toBe(MOVED_MEANWHILE_MESSAGE);
      }
      expect(await countRows(db, workflowTokenHistory, eq(workflowTokenHistory.tokenId, tokenId))).toBe(2);
      const [token] = await db.select().from(workflowTokens).where(eq(workflowTokens.id, tokenId));
      expect(token?.version).toBe(2);
    }
  });

  it('answers 409 to a stale version and to a transition that leaves another node', async () => {
    const actor = await actingAs(testApp);
    await grant(db, actor.roleId, { transitions: [workflow.transition('test_submit'), workflow.transition('test_approve')] });
    const { tokenId } = await newTestToken(db);
    expectStatus(await move(app, actor.token, tokenId, workflow.transition('test_approve')), 409);
    const stale = await testApp.app.inject({
      method: 'POST',
      url: `/api/wftoken/move/${tokenId}/${workflow.transition('test_submit')}`,
      headers: { authorization: `Bearer ${actor.token}` },
      payload: { version: 7 },
    });
    expectStatus(stale, 409);
    expect(stale.json()).toMatchObject({ currentVersion: 1 });
  });

  it('answers 404 for unknown ids or a transition of another workflow, 400 for bad ids, 422 for a disabled transition', async () => {
    const actor = await actingAs(testApp);
    const { tokenId } = await newTestToken(db);
    const order = await seededWorkflow(db, 'service_order');
    const [orderLink] = await db.select().from(workflowTransitions).where(eq(workflowTransitions.workflowId, order.id)).limit(1);
    expectStatus(await move(app, actor.token, 999_999_999, workflow.transition('test_submit')), 404);
    expectStatus(await move(app, actor.token, tokenId, 999_999_999), 404);
    expectStatus(await move(app, actor.token, tokenId, orderLink?.id ?? 0), 404);
    const bad = await testApp.app.inject({
      method: 'POST',
      url: `/api/wftoken/move/abc/${workflow.transition('test_submit')}`,
      headers: { authorization: `Bearer ${actor.token}` },
      payload: {},
    });
    expectStatus(bad, 400);
    const long = await move(app, actor.token, tokenId, workflow.transition('test_submit'), 'x'.repeat(2001));
    expectStatus(long, 400);

    const disabled = await db
      .insert(workflowTransitions)
      .values({
        workflowId: workflow.id,
        code: 'test_disabled',
        name: 'Désactivée',
        disabled: true,
        fromNodeId: workflow.node('test_draft'),
        toNodeId: workflow.node('test_done'),
      })
      .returning({ id: workflowTransitions.id });
    const disabledId = disabled[0]?.id ?? 0;
    await grant(db, actor.roleId, { transitions: [disabledId] });
    expectStatus(await move(app, actor.token, tokenId, disabledId), 422);
  });

  it('refuses (403) an item outside the caller’s scope even with the transition', async () => {
    const outsider = await actingAs(testApp, { visibility: 2 });
    await grant(db, outsider.roleId, { transitions: [workflow.transition('test_submit')] });
    const { tokenId } = await newTestToken(db);
    expectStatus(await move(app, outsider.token, tokenId, workflow.transition('test_submit')), 403);
  });

  it('runs registered guards and post-actions; a failing in-transaction action cancels the move', async () => {
    const actor = await actingAs(testApp);
    await grant(db, actor.roleId, { transitions: [workflow.transition('test_submit')] });
    const seen: string[] = [];
    const variant = await testApp.variant({}, (built) => {
      built.workflow.registry.registerKind({ entity: 'workflow_test_item', scope: () => undefined });
      built.workflow.registry.registerGuard({ workflow: 'workflow_test', toNode: 'test_review' }, (facts) =>
        facts.comment === 'bloquer' ? 'Refusé par la règle métier.' : null,
      );
      built.workflow.registry.registerPostAction(
        { transition: 'test_submit' },
        {
          inTransaction: async (facts) => {
            if (facts.comment === 'échouer') {
              throw new Error('post-action failure');
            }
            seen.push(`in:${facts.token.id}`);
          },
          afterCommit: async (facts) => {
            seen.push(`after:${facts.token.id}`);
          },
        },
      );
    });
    const { tokenId } = await newTestToken(db);
    const guarded = await move(variant, actor.token, tokenId, workflow.transition('test_submit'), 'bloquer');
    expectStatus(guarded, 422);
    expect(guarded.json().error).toBe('Refusé par la règle métier.');
    const failed = await move(variant, actor.token, tokenId, workflow.transition('test_submit'), 'échouer');
    expectStatus(failed, 500);
    expect(await nodeOfToken(db, tokenId)).toBe(workflow.node('test_draft'));
    expect(await countRows(db, workflowTokenHistory, eq(workflowTokenHistory.tokenId, tokenId))).toBe(1);
    expectStatus(await move(variant, actor.token, tokenId, workflow.transition('test_submit'), 'ok'), 200);
    expect(seen).toEqual([`in:${tokenId}`, `after:${tokenId}`]);
  });
});
