import type { WorkflowFilter } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { userProjects } from '../src/db/schema/index.js';
import { actingAs, createTestApp, inject } from './helper.js';
import { delegate, expectStatus, grant, newTestToken, TEST_ITEM, testWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const workflow = await testWorkflow(app, db);
const allNodes = ['test_draft', 'test_review', 'test_done', 'test_rejected'].map((code) => workflow.node(code));

afterAll(async () => {
  await testApp.close();
});

/**
 * Three personas on the test kind (items are projects):
 * - the project manager sees only their projects (visibility 2) and approves or rejects reviews;
 * - the submitter sees everything and submits drafts;
 * - the auditor sees everything and may only reject reviews (a dangerous transition: never a task).
 */
const manager = await actingAs(testApp, { visibility: 2 });
const submitter = await actingAs(testApp);
const auditor = await actingAs(testApp);
await grant(db, manager.roleId, {
  nodes: allNodes,
  transitions: [workflow.transition('test_approve'), workflow.transition('test_reject')],
});
await grant(db, submitter.roleId, { nodes: allNodes, transitions: [workflow.transition('test_submit')] });
await grant(db, auditor.roleId, { nodes: allNodes, transitions: [workflow.transition('test_reject')] });

const draftA = await newTestToken(db);
const reviewA = await newTestToken(db, { nodeId: workflow.node('test_review') });
const reviewC = await newTestToken(db, { nodeId: workflow.node('test_review') });
const doneB = await newTestToken(db, { nodeId: workflow.node('test_done') });
await db.insert(userProjects).values([
  { userId: manager.userId, projectId: draftA.projectId },
  { userId: manager.userId, projectId: reviewA.projectId },
  { userId: manager.userId, projectId: doneB.projectId },
]);
// the demo data has its own tokens: the checks look at this file's tokens only
const mine = new Set([draftA.tokenId, reviewA.tokenId, reviewC.tokenId, doneB.tokenId]);

/** Every token of the test workflow a filter keeps for a caller, through GET /node/{id}/tokens. */
async function tokens(callerToken: string, filter: WorkflowFilter): Promise<number[]> {
  const found: number[] = [];
  for (const nodeId of allNodes) {
    const response = await inject(app, {
      method: 'GET',
      url: `/api/node/${nodeId}/tokens`,
      token: callerToken,
      query: { filter, size: '200' },
    });
    expectStatus(response, 200);
    found.push(...response.json<{ content: { id: number }[] }>().content.map((row) => row.id));
  }
  return found.filter((id) => mine.has(id)).sort((left, right) => left - right);
}

const sorted = (...ids: number[]) => ids.sort((left, right) => left - right);

describe('the All / My scope / My tasks filters', () => {
  it('keep, for the project manager, the items of their projects; tasks are the reviews they may approve', async () => {
    expect(await tokens(manager.token, 'all')).toEqual(sorted(draftA.tokenId, reviewA.tokenId, doneB.tokenId));
    expect(await tokens(manager.token, 'canDo')).toEqual([reviewA.tokenId]);
    expect(await tokens(manager.token, 'haveToDo')).toEqual([reviewA.tokenId]);
  });

  it('keep, for the submitter, every item; scope and tasks are the drafts', async () => {
    expect(await tokens(submitter.token, 'all')).toEqual(sorted(draftA.tokenId, reviewA.tokenId, reviewC.tokenId, doneB.tokenId));
    expect(await tokens(submitter.token, 'canDo')).toEqual([draftA.tokenId]);
    expect(await tokens(submitter.token, 'haveToDo')).toEqual([draftA.tokenId]);
  });

  it('keep, for the auditor, the reviews in scope but no task: a rejection alone is not a pending action', async () => {
    expect(await tokens(auditor.token, 'canDo')).toEqual(sorted(reviewA.tokenId, reviewC.tokenId));
    expect(await tokens(auditor.token, 'haveToDo')).toEqual([]);
  });

  it('add to My tasks what a delegator must do, within the delegator’s scope, while the delegation lasts', async () => {
    const delegation = await delegate(db, manager.userId, auditor.userId, -1, 0);
    expect(await tokens(auditor.token, 'haveToDo')).toEqual([reviewA.tokenId]);
    // My scope stays the auditor's own role
    expect(await tokens(auditor.token, 'canDo')).toEqual(sorted(reviewA.tokenId, reviewC.tokenId));
    await db.execute(sql`UPDATE delegations SET end_date = CURRENT_DATE - 1 WHERE id = ${delegation}`);
    expect(await tokens(auditor.token, 'haveToDo')).toEqual([]);
  });

  it('count the node’s tokens per filter and the caller’s pending actions', async () => {
    const node = await inject(app, { method: 'GET', url: `/api/node/${workflow.node('test_review')}`, token: manager.token });
    expectStatus(node, 200);
    expect(node.json()).toMatchObject({ nodeCode: 'test_review', workflowName: 'Workflow de test', objectName: TEST_ITEM });
    expect(node.json().counts).toMatchObject({ canDo: 1, haveToDo: 1 });
    const actions = await inject(app, { method: 'GET', url: '/api/wftoken/my-actions', token: manager.token });
    expectStatus(actions, 200);
    expect(actions.json().count).toBeGreaterThanOrEqual(1);
  });

  it('refuse a node the role does not see (403), an unknown node (404) and an unknown filter (400)', async () => {
    const stranger = await actingAs(testApp);
    expectStatus(
      await inject(app, { method: 'GET', url: `/api/node/${workflow.node('test_review')}/tokens`, token: stranger.token }),
      403,
    );
    expectStatus(await inject(app, { method: 'GET', url: '/api/node/999999999/tokens', token: manager.token }), 404);
    const bad = await inject(app, {
      method: 'GET',
      url: `/api/node/${workflow.node('test_review')}/tokens`,
      token: manager.token,
      query: { filter: 'mine' },
    });
    expectStatus(bad, 400);
  });
});

describe('the workflow filter of a business list', () => {
  it('keeps the rows whose item passes My tasks, as an SQL condition on the row id', async () => {
    const principal = await app.principals.get(manager.userId);
    if (!principal) {
      throw new Error('no principal for the manager');
    }
    const condition = await app.workflow.workItemFilter(principal, 'haveToDo', TEST_ITEM, sql`p.id`);
    expect(await app.workflow.workItemFilter(principal, 'all', TEST_ITEM, sql`p.id`)).toBeUndefined();
    const result = (await db.execute(sql`SELECT p.id FROM projects p WHERE ${condition} ORDER BY p.id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(result.rows.map((row) => row.id)).toContain(reviewA.projectId);
    expect(result.rows.map((row) => row.id)).not.toContain(reviewC.projectId);
  });
});
