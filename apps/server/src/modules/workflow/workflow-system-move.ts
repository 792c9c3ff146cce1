import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowTokenHistory, workflowTokens, workflowTransitions } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import type { WorkItemRef } from './workflow-registry.js';
import { storeItemNode } from './workflow-tokens.js';

/**
 * Moves an item's token along a transition fired by the system, not by a person (the e-signature
 * service): in the caller's transaction, only from the transition's node; no role or guard applies.
 * Returns false, changing nothing, when the token is not on that node.
 */
export async function moveBySystem(
  db: Database,
  input: { item: WorkItemRef; entityId: number; transitionCode: string; userId: number | null; comment: string | null },
  audit: AuditContext,
): Promise<boolean> {
  const { entity } = input.item;
  const [token] = await db
    .select()
    .from(workflowTokens)
    .where(and(eq(workflowTokens.entityName, entity), eq(workflowTokens.entityId, input.entityId)))
    .for('update')
    .limit(1);
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
  await db
    .update(workflowTokens)
    .set({ nodeId: transition.toNodeId, version: token.version + 1, updatedAt: sql`now()` })
    .where(eq(workflowTokens.id, token.id));
  await storeItemNode(db, input.item, input.entityId, transition.toNodeId);
  await db.insert(workflowTokenHistory).values({
    tokenId: token.id,
    fromNodeId: token.nodeId,
    toNodeId: transition.toNodeId,
    transitionId: transition.id,
    userId: input.userId,
    comment: input.comment,
  });
  await recordAudit(db, audit, {
    entity,
    entityId: input.entityId,
    action: `workflow:${transition.code}`,
    before: { tokenId: token.id, nodeId: token.nodeId, version: token.version },
    after: { tokenId: token.id, nodeId: transition.toNodeId, version: token.version + 1, comment: input.comment },
  });
  return true;
}
