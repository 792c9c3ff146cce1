import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowNodes, workflowTokenHistory, workflowTokens, workflowTransitions } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import type { WorkItemRef } from './workflow-registry.js';
import { storeItemNode } from './workflow-tokens.js';

type SystemMoveInput = { item: WorkItemRef; entityId: number; userId: number | null; comment: string | null };
type Token = typeof workflowTokens.$inferSelect;

/** The item's token, locked for the caller's transaction; undefined without one. */
async function lockedToken(db: Database, input: SystemMoveInput): Promise<Token | undefined> {
  const [token] = await db
    .select()
    .from(workflowTokens)
    .where(and(eq(workflowTokens.entityName, input.item.entity), eq(workflowTokens.entityId, input.entityId)))
    .for('update')
    .limit(1);
  return token;
}

/** Puts the token on `toNodeId`: the token, the item's stored node, the history row and the audit. */
async function placeToken(
  db: Database,
  input: SystemMoveInput,
  token: Token,
  move: { toNodeId: number; transitionId: number | null; action: string },
  audit: AuditContext,
): Promise<void> {
  await db
    .update(workflowTokens)
    .set({ nodeId: move.toNodeId, version: token.version + 1, updatedAt: sql`now()` })
    .where(eq(workflowTokens.id, token.id));
  await storeItemNode(db, input.item, input.entityId, move.toNodeId);
  await db.insert(workflowTokenHistory).values({
    tokenId: token.id,
    fromNodeId: token.nodeId,
    toNodeId: move.toNodeId,
    transitionId: move.transitionId,
    userId: input.userId,
    comment: input.comment,
  });
  await recordAudit(db, audit, {
    entity: input.item.entity,
    entityId: input.entityId,
    action: move.action,
    before: { tokenId: token.id, nodeId: token.nodeId, version: token.version },
    after: { tokenId: token.id, nodeId: move.toNodeId, version: token.version + 1, comment: input.comment },
  });
}

/**
 * Moves an item's token along a transition fired by the system, not by a person (the e-signature
 * service): in the caller's transaction, only from the transition's node; no role or guard applies.
 * Returns false, changing nothing, when the token is not on that node.
 */
export async function moveBySystem(
  db: Database,
  input: SystemMoveInput & { transitionCode: string },
  audit: AuditContext,
): Promise<boolean> {
  const token = await lockedToken(db, input);
  if (!token) {
    return false;
  }
  const [transition] = await db
    .select()
    .from(workflowTransitions)
    .where(
      and(
        eq(workflowTransitions.workflowId, token.workflowId),
        eq(workflowTransitions.code, input.transitionCode),
        eq(workflowTransitions.fromNodeId, token.nodeId),
      ),
    )
    .limit(1);
  if (!transition) {
    return false;
  }
  await placeToken(
    db,
    input,
    token,
    { toNodeId: transition.toNodeId, transitionId: transition.id, action: `workflow:${transition.code}` },
    audit,
  );
  return true;
}

/**
 * Puts an item's token back on a node of its workflow by the system, where no transition leads (a
 * dangerous revert: a statement's payment cancelled takes its attachments off `att_paid`), in the
 * caller's transaction; the history row names no transition. Returns false, changing nothing, without
 * a token or when the workflow has no node of that code.
 */
export async function placeBySystem(
  db: Database,
  input: SystemMoveInput & { nodeCode: string },
  audit: AuditContext,
): Promise<boolean> {
  const token = await lockedToken(db, input);
  if (!token) {
    return false;
  }
  const [node] = await db
    .select({ id: workflowNodes.id })
    .from(workflowNodes)
    .where(and(eq(workflowNodes.workflowId, token.workflowId), eq(workflowNodes.code, input.nodeCode)))
    .limit(1);
  if (!node || node.id === token.nodeId) {
    return false;
  }
  await placeToken(
    db,
    input,
    token,
    { toNodeId: node.id, transitionId: null, action: `workflow:place:${input.nodeCode}` },
    audit,
  );
  return true;
}
