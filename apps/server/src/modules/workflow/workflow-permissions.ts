import type { ItemTransition, NodeType, TransitionType } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../platform/sql-rows.js';
import type { Actor } from './workflow-actors.js';
import { itemScope } from './workflow-filters.js';
import type { WorkflowRegistry } from './workflow-registry.js';

/** A transition someone may fire now, and on whose behalf (null: their own right). */
export type AvailableTransition = ItemTransition;

type TransitionRow = {
  id: number;
  name: string;
  code: string;
  type: number;
  helper: string | null;
  hidden: boolean;
  from_node_id: number;
  to_node_id: number;
  to_node_code: string;
  to_node_name: string;
  to_node_type: number;
  workflow_id: number;
  position: number;
};

/** Sorted by type (spec 1 §4), then by the workflow's order, then by id (positions may tie). */
export function byTypeThenPosition(
  left: { id: number; transitionType: number; position: number },
  right: { id: number; transitionType: number; position: number },
) {
  return left.transitionType - right.transitionType || left.position - right.position || left.id - right.id;
}

/**
 * The transitions from the item's node that the caller may fire: those of their role when the item is
 * in their scope, plus those of anyone who delegated to them today, within that person's scope.
 */
export async function availableTransitions(
  db: Database,
  registry: WorkflowRegistry,
  actors: Actor[],
  item: { nodeId: number; entity: string; entityId: number },
): Promise<AvailableTransition[]> {
  const found = new Map<number, AvailableTransition & { position: number }>();
  for (const actor of actors) {
    const scope = itemScope(registry, actor.principal, {
      entityName: sql`${item.entity}::text`,
      entityId: sql`${item.entityId}::int`,
      nodeId: sql`${item.nodeId}::int`,
    });
    const rows = await rowsOf<TransitionRow>(
      db,
      sql`SELECT tr.id, tr.name, tr.code, tr.type, tr.helper, tr.hidden, tr.from_node_id, tr.to_node_id, tr.workflow_id, tr.position,
          tn.code AS to_node_code, tn.name AS to_node_name, tn.type AS to_node_type
        FROM workflow_transitions tr JOIN role_workflow_transitions rwt ON rwt.transition_id = tr.id
          JOIN workflow_nodes tn ON tn.id = tr.to_node_id
        WHERE rwt.role_id = ${actor.principal.roleId} AND tr.from_node_id = ${item.nodeId} AND NOT tr.disabled AND ${scope}`,
    );
    for (const row of rows) {
      if (!found.has(row.id)) {
        found.set(row.id, {
          id: row.id,
          name: row.name,
          transitionCode: row.code,
          transitionType: row.type as TransitionType,
          helper: row.helper,
          disabled: false,
          hidden: row.hidden,
          fromNode: row.from_node_id,
          toNode: row.to_node_id,
          toNodeCode: row.to_node_code,
          toNodeName: row.to_node_name,
          toNodeType: row.to_node_type as NodeType,
          workflowId: row.workflow_id,
          position: row.position,
          onBehalfOf: actor.onBehalfOfId === null ? null : { id: actor.onBehalfOfId, name: actor.principal.name },
        });
      }
    }
  }
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
