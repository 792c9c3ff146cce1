import type { NodeType, TokenHistoryEntry, WorkflowTokenRecord } from '@isf/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  users,
  workflowNodes,
  workflows,
  workflowTokenHistory,
  workflowTokens,
  workflowTransitions,
} from '../../db/schema/index.js';
import type { WorkItemRef } from './workflow-registry.js';

/**
 * Writes the item's current node on its own row when its kind stores it (`nodeColumn`), in the caller's
 * transaction: every start and move of a token calls it.
 */
export async function storeItemNode(
  db: Database,
  item: WorkItemRef | undefined,
  entityId: number,
  nodeId: number,
): Promise<void> {
  const target = item?.nodeColumn;
  if (target) {
    await db.execute(
      sql`UPDATE ${sql.identifier(target.table)} SET ${sql.identifier(target.column)} = ${nodeId} WHERE id = ${entityId}`,
    );
  }
}

/**
 * Puts a new work item on the start node of its entity's workflow, in the caller's transaction, and
 * writes the first history step. Returns the token id, or null when no workflow serves the entity.
 * A second call for the same item returns the existing token.
 */
export async function startToken(
  db: Database,
  item: WorkItemRef,
  entityId: number,
  creatorId: number | null,
): Promise<number | null> {
  const { entity } = item;
  const [start] = await db
    .select({ workflowId: workflows.id, nodeId: workflowNodes.id })
    .from(workflows)
    .innerJoin(workflowNodes, eq(workflowNodes.workflowId, workflows.id))
    .where(and(eq(workflows.objectName, entity), eq(workflowNodes.type, 1)))
    .orderBy(asc(workflowNodes.position), asc(workflowNodes.id))
    .limit(1);
  if (!start) {
    return null;
  }
  const [created] = await db
    .insert(workflowTokens)
    .values({ workflowId: start.workflowId, nodeId: start.nodeId, entityName: entity, entityId, creatorId })
    .onConflictDoNothing()
    .returning({ id: workflowTokens.id });
  if (!created) {
    const [existing] = await db
      .select({ id: workflowTokens.id })
      .from(workflowTokens)
      .where(and(eq(workflowTokens.entityName, entity), eq(workflowTokens.entityId, entityId)))
      .limit(1);
    return existing?.id ?? null;
  }
  await db.insert(workflowTokenHistory).values({ tokenId: created.id, toNodeId: start.nodeId, userId: creatorId });
  await storeItemNode(db, item, entityId, start.nodeId);
  return created.id;
}

const creator = alias(users, 'token_creator');

const tokenColumns = {
  id: workflowTokens.id,
  version: workflowTokens.version,
  entity: workflowTokens.entityName,
  entityId: workflowTokens.entityId,
  nodeId: workflowNodes.id,
  nodeName: workflowNodes.name,
  nodeCode: workflowNodes.code,
  nodeType: workflowNodes.type,
  workflowId: workflows.id,
  workflowCode: workflows.code,
  workflowName: workflows.name,
  creatorId: creator.id,
  creatorName: creator.name,
  createdAt: workflowTokens.createdAt,
  updatedAt: workflowTokens.updatedAt,
};

async function findToken(db: Database, condition: SQL): Promise<WorkflowTokenRecord | undefined> {
  const [row] = await db
    .select(tokenColumns)
    .from(workflowTokens)
    .innerJoin(workflowNodes, eq(workflowNodes.id, workflowTokens.nodeId))
    .innerJoin(workflows, eq(workflows.id, workflowTokens.workflowId))
    .leftJoin(creator, eq(creator.id, workflowTokens.creatorId))
    .where(condition)
    .limit(1);
  if (!row) {
    return undefined;
  }
  return {
    id: row.id,
    version: row.version,
    entity: row.entity,
    entityId: row.entityId,
    node: { id: row.nodeId, name: row.nodeName, nodeCode: row.nodeCode, nodeType: row.nodeType as NodeType },
    workflow: { id: row.workflowId, code: row.workflowCode, name: row.workflowName },
    creator: row.creatorId === null ? null : { id: row.creatorId, name: String(row.creatorName) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The token (statusWF) of a work item. */
export function tokenOfItem(db: Database, entity: string, entityId: number): Promise<WorkflowTokenRecord | undefined> {
  return findToken(db, sql`${eq(workflowTokens.entityName, entity)} AND ${eq(workflowTokens.entityId, entityId)}`);
}

export function tokenById(db: Database, id: number): Promise<WorkflowTokenRecord | undefined> {
  return findToken(db, sql`${eq(workflowTokens.id, id)}`);
}

const fromNode = alias(workflowNodes, 'history_from');
const toNode = alias(workflowNodes, 'history_to');
const actor = alias(users, 'history_user');
const delegator = alias(users, 'history_delegator');

/** The steps of a token, oldest first; `delegatedUser` names the person an action was done for. */
export async function historyOf(db: Database, tokenId: number): Promise<TokenHistoryEntry[]> {
  const rows = await db
    .select({
      id: workflowTokenHistory.id,
      comment: workflowTokenHistory.comment,
      createdAt: workflowTokenHistory.createdAt,
      fromId: fromNode.id,
      fromName: fromNode.name,
      fromCode: fromNode.code,
      toId: toNode.id,
      toName: toNode.name,
      toCode: toNode.code,
      transitionId: workflowTransitions.id,
      transitionName: workflowTransitions.name,
      transitionCode: workflowTransitions.code,
      userId: actor.id,
      userName: actor.name,
      delegatedId: delegator.id,
      delegatedName: delegator.name,
    })
    .from(workflowTokenHistory)
    .innerJoin(toNode, eq(toNode.id, workflowTokenHistory.toNodeId))
    .leftJoin(fromNode, eq(fromNode.id, workflowTokenHistory.fromNodeId))
    .leftJoin(workflowTransitions, eq(workflowTransitions.id, workflowTokenHistory.transitionId))
    .leftJoin(actor, eq(actor.id, workflowTokenHistory.userId))
    .leftJoin(delegator, eq(delegator.id, workflowTokenHistory.delegatedUserId))
    .where(eq(workflowTokenHistory.tokenId, tokenId))
    .orderBy(asc(workflowTokenHistory.id));
  return rows.map((row) => ({
    id: row.id,
    fromNode: row.fromId === null ? null : { id: row.fromId, name: String(row.fromName), nodeCode: String(row.fromCode) },
    toNode: { id: row.toId, name: row.toName, nodeCode: row.toCode },
    transition:
      row.transitionId === null
        ? null
        : { id: row.transitionId, name: String(row.transitionName), transitionCode: String(row.transitionCode) },
    creator: row.userId === null ? null : { id: row.userId, name: String(row.userName) },
    delegatedUser: row.delegatedId === null ? null : { id: row.delegatedId, name: String(row.delegatedName) },
    comment: row.comment,
    createdAt: row.createdAt,
  }));
}

/** Removes the token of a deleted work item (its history goes with it), in the deletion's transaction. */
export async function removeToken(db: Database, entity: string, entityId: number): Promise<void> {
  await db.delete(workflowTokens).where(and(eq(workflowTokens.entityName, entity), eq(workflowTokens.entityId, entityId)));
}
