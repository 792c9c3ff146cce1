import { NODE_TYPES, TRANSITION_TYPES } from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  delegations,
  projects,
  roleWorkflowNodes,
  roleWorkflowTransitions,
  users,
  workflowNodes,
  workflows,
  workflowTokens,
  workflowTransitions,
} from '../src/db/schema/index.js';
import { startToken, type WorkItemKind } from '../src/modules/workflow/index.js';
import { projectScope } from '../src/platform/scope.js';
import type { WorkflowSeed } from '../src/seed/workflow-definitions.js';
import { type SeededWorkflow, seedWorkflows } from '../src/seed/workflow-seed.js';
import { inject, uniqueName } from './helper.js';
import { multipart } from './multipart.js';

/** A work item kind that exists only in the tests: its items are projects, seen in the project scope. */
export const TEST_ITEM = 'workflow_test_item';

export const TEST_WORKFLOW: WorkflowSeed = {
  code: 'workflow_test',
  name: 'Workflow de test',
  objectName: TEST_ITEM,
  seenBy: [],
  nodes: [
    { code: 'test_draft', name: 'Brouillon', type: NODE_TYPES.start },
    { code: 'test_review', name: 'Revue', type: NODE_TYPES.normal },
    { code: 'test_done', name: 'Terminé', type: NODE_TYPES.end },
    { code: 'test_rejected', name: 'Rejeté', type: NODE_TYPES.error },
  ],
  transitions: [
    { code: 'test_submit', name: 'Soumettre', from: 'test_draft', to: 'test_review', type: TRANSITION_TYPES.normal, by: [] },
    { code: 'test_approve', name: 'Approuver', from: 'test_review', to: 'test_done', type: TRANSITION_TYPES.normal, by: [] },
    { code: 'test_reject', name: 'Rejeter', from: 'test_review', to: 'test_rejected', type: TRANSITION_TYPES.dangerous, by: [] },
    { code: 'test_rework', name: 'Reprendre', from: 'test_rejected', to: 'test_draft', type: TRANSITION_TYPES.normal, by: [] },
  ],
};

export const testItemKind: WorkItemKind = {
  entity: TEST_ITEM,
  scope: (principal, entityId) => projectScope(principal, entityId),
  label: (entityId) => sql`(SELECT p.name FROM projects p WHERE p.id = ${entityId})`,
};

/** The test workflow (idempotent) with its kind registered on the app. */
export async function testWorkflow(app: FastifyInstance, db: Database): Promise<TestWorkflow> {
  app.workflow.registry.registerKind(testItemKind);
  const [seeded] = await seedWorkflows(db, [TEST_WORKFLOW]);
  if (!seeded) {
    throw new Error('test workflow not seeded');
  }
  return describeSeeded(seeded);
}

export type TestWorkflow = ReturnType<typeof describeSeeded>;

/** Ids of a seeded workflow by code (a code that labels several links gives the first). */
export function describeSeeded(seeded: SeededWorkflow) {
  return {
    ...seeded,
    node(code: string): number {
      const id = seeded.nodeIds.get(code);
      if (id === undefined) {
        throw new Error(`no node ${code}`);
      }
      return id;
    },
    transition(code: string): number {
      const index = seeded.seed.transitions.findIndex((transition) => transition.code === code);
      const id = seeded.transitionIds[index];
      if (index < 0 || id === undefined) {
        throw new Error(`no transition ${code}`);
      }
      return id;
    },
  };
}

/** Every workflow stored, by code (the reference workflows come from the demo seed). */
export async function seededWorkflow(db: Database, code: string): Promise<{ id: number; objectName: string }> {
  const [row] = await db
    .select({ id: workflows.id, objectName: workflows.objectName })
    .from(workflows)
    .where(eq(workflows.code, code))
    .limit(1);
  if (!row) {
    throw new Error(`no workflow ${code}`);
  }
  return row;
}

/** A project (the test kind's items), returned by id. */
export async function newProjectItem(db: Database): Promise<number> {
  const [row] = await db
    .insert(projects)
    .values({ name: uniqueName('Projet workflow'), code: uniqueName('WF') })
    .returning({ id: projects.id });
  return row?.id ?? 0;
}

/** A token of the test kind, placed on the given node (its start node by default). */
export async function newTestToken(db: Database, options: { nodeId?: number; projectId?: number; creatorId?: number } = {}) {
  const projectId = options.projectId ?? (await newProjectItem(db));
  const tokenId = (await startToken(db, { entity: TEST_ITEM }, projectId, options.creatorId ?? null)) ?? 0;
  if (options.nodeId !== undefined) {
    await db.update(workflowTokens).set({ nodeId: options.nodeId }).where(eq(workflowTokens.id, tokenId));
  }
  return { tokenId, projectId };
}

/** A token placed straight on a node of any workflow, for an item id no other test uses. */
export async function tokenOnNode(db: Database, workflowId: number, objectName: string, nodeId: number): Promise<number> {
  const [row] = await db
    .insert(workflowTokens)
    .values({ workflowId, nodeId, entityName: objectName, entityId: 1_000_000 + Math.floor(Math.random() * 1_000_000_000) })
    .returning({ id: workflowTokens.id });
  return row?.id ?? 0;
}

/** Grants a role nodes and transitions (what the Workflow tab of the role editor saves). */
export async function grant(db: Database, roleId: number, rights: { nodes?: number[]; transitions?: number[] }) {
  if (rights.nodes?.length) {
    await db
      .insert(roleWorkflowNodes)
      .values(rights.nodes.map((nodeId) => ({ roleId, nodeId })))
      .onConflictDoNothing();
  }
  if (rights.transitions?.length) {
    await db
      .insert(roleWorkflowTransitions)
      .values(rights.transitions.map((transitionId) => ({ roleId, transitionId })))
      .onConflictDoNothing();
  }
}

export async function roleOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.roleId ?? 0;
}

/** A delegation written straight to the table (dates relative to today, in days). */
export async function delegate(db: Database, fromId: number, toId: number, startOffset: number, endOffset: number) {
  const [row] = await db
    .insert(delegations)
    .values({
      delegateFromId: fromId,
      delegateToId: toId,
      startDate: sql`CURRENT_DATE + ${startOffset}::int`,
      endDate: sql`CURRENT_DATE + ${endOffset}::int`,
    })
    .returning({ id: delegations.id });
  return row?.id ?? 0;
}

/** POST /wftoken/move as the bearer of `token`. */
export async function move(app: FastifyInstance, token: string, tokenId: number, transitionId: number, comment?: string) {
  const response = await inject(app, {
    method: 'POST',
    url: `/api/wftoken/move/${tokenId}/${transitionId}`,
    token,
    payload: comment === undefined ? {} : { comment },
  });
  // what the move does once it has answered (its notifications), done before the test reads on
  await app.workflow.settled();
  return response;
}

/** The id of a seeded transition by its code (the first one, for codes on several links). */
export async function transitionIdOf(db: Database, code: string): Promise<number> {
  const [row] = await db
    .select({ id: workflowTransitions.id })
    .from(workflowTransitions)
    .where(eq(workflowTransitions.code, code))
    .orderBy(asc(workflowTransitions.id))
    .limit(1);
  return Number(row?.id);
}

export async function nodeOfToken(db: Database, tokenId: number): Promise<number> {
  const [row] = await db.select({ nodeId: workflowTokens.nodeId }).from(workflowTokens).where(eq(workflowTokens.id, tokenId));
  return row?.nodeId ?? 0;
}

/** The node ids of a workflow by code. */
export async function nodesOf(db: Database, workflowId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: workflowNodes.id, code: workflowNodes.code })
    .from(workflowNodes)
    .where(eq(workflowNodes.workflowId, workflowId));
  return new Map(rows.map((row) => [row.code, row.id]));
}

export function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

/** A document uploaded on a project (a new one by default) by `uploader`: its token starts on doc_draft. */
export async function newDocument(app: FastifyInstance, db: Database, uploader: string, projectId?: number) {
  const owner = projectId ?? (await newProjectItem(db));
  const form = multipart([
    { name: 'type', value: '1' },
    { name: 'entity', value: 'project' },
    { name: 'id', value: String(owner) },
    { name: 'file', fileName: 'piece.pdf', content: PDF, contentType: 'application/pdf' },
  ]);
  const response = await inject(app, {
    method: 'POST',
    url: '/api/document',
    token: uploader,
    payload: form.payload,
    headers: form.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const documentId = Number(response.json<{ id: number }>().id);
  const [token] = await db
    .select({ id: workflowTokens.id })
    .from(workflowTokens)
    .where(sql`${workflowTokens.entityName} = 'document' AND ${workflowTokens.entityId} = ${documentId}`);
  return { documentId, projectId: owner, tokenId: token?.id ?? 0 };
}

/** The token of a new document, placed on the given node of the document workflow. */
export async function documentTokenOnNode(app: FastifyInstance, db: Database, uploader: string, nodeId: number) {
  const { tokenId } = await newDocument(app, db, uploader);
  await db.update(workflowTokens).set({ nodeId }).where(eq(workflowTokens.id, tokenId));
  return tokenId;
}
