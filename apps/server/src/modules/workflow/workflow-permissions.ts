import type { ItemTransition, NodeType, TransitionType } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../platform/sql-rows.js';
import type { Actor } from './workflow-actors.js';
import type { WorkflowDefinitions } from './workflow-definitions.js';
import { itemScope } from './workflow-filters.js';
import type { WorkflowRegistry } from './workflow-registry.js';

/** A transition someone may fire now, and on whose behalf (null: their own right). */
export type AvailableTransition = ItemTransition;

/** Sorted by type (spec 1 §4), then by the workflow's order, then by id (positions may tie). */
export function byTypeThenPosition(
  left: { id: number; transitionType: number; position: number },
  right: { id: number; transitionType: number; position: number },
) {
  return left.transitionType - right.transitionType || left.position - right.position || left.id - right.id;
}

/**
 * The transitions from the item's node that the caller may fire: those of their role when the item is
 * in their scope, plus those of anyone who delegated to them today, within that person's scope. The
 * grants come from the definitions in memory; the scopes of the actors holding a grant are read by one
 * statement (none when nobody holds one).
 */
export async function availableTransitions(
  db: Database,
  registry: WorkflowRegistry,
  definitions: WorkflowDefinitions,
  actors: Actor[],
  item: { nodeId: number; entity: string; entityId: number },
): Promise<AvailableTransition[]> {
  const leaving = definitions.transitionsFrom(item.nodeId).filter((transition) => !transition.disabled);
  const granted = actors
    .map((actor) => ({
      actor,
      transitions: leaving.filter((transition) => definitions.isGranted(actor.principal.roleId, transition.id)),
    }))
    .filter((entry) => entry.transitions.length > 0);
  if (granted.length === 0) {
    return [];
  }
  const token = { entityName: sql`${item.entity}::text`, entityId: sql`${item.entityId}::int`, nodeId: sql`${item.nodeId}::int` };
  const [scopes] = await rowsOf<Record<string, boolean>>(
    db,
    sql`SELECT ${sql.join(
      granted.map(
        (entry, index) =>
          sql`(${itemScope(registry, entry.actor.principal, token, { entity: item.entity })}) AS ${sql.identifier(`a${index}`)}`,
      ),
      sql`, `,
    )}`,
  );
  const found = new Map<number, AvailableTransition & { position: number }>();
  granted.forEach(({ actor, transitions }, index) => {
    if (scopes?.[`a${index}`] !== true) {
      return;
    }
    for (const transition of transitions) {
      const target = definitions.node(transition.toNodeId);
      if (found.has(transition.id) || !target) {
        continue;
      }
      found.set(transition.id, {
        id: transition.id,
        name: transition.name,
        transitionCode: transition.code,
        transitionType: transition.type as TransitionType,
        helper: transition.helper,
        disabled: false,
        hidden: transition.hidden,
        fromNode: transition.fromNodeId,
        toNode: transition.toNodeId,
        toNodeCode: target.code,
        toNodeName: target.name,
        toNodeType: target.type as NodeType,
        workflowId: transition.workflowId,
        position: transition.position,
        onBehalfOf: actor.onBehalfOfId === null ? null : { id: actor.onBehalfOfId, name: actor.principal.name },
      });
    }
  });
  return [...found.values()].sort(byTypeThenPosition).map(({ position: _position, ...transition }) => transition);
}

/** Whether the item is in the scope of the caller or of someone who delegated to them. */
export async function isItemVisible(
  db: Database,
  registry: WorkflowRegistry,
  actors: Actor[],
  item: { entity: string; entityId: number },
): Promise<boolean> {
  const token = { entityName: sql`${item.entity}::text`, entityId: sql`${item.entityId}::int`, nodeId: sql`NULL::int` };
  const conditions = actors.map((actor) => itemScope(registry, actor.principal, token));
  const rows = await rowsOf<{ visible: boolean }>(db, sql`SELECT (${sql.join(conditions, sql` OR `)}) AS visible`);
  return rows[0]?.visible === true;
}
