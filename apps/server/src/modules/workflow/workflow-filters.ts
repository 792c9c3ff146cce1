import type { WorkflowFilter } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/principal.js';
import type { Actor } from './workflow-actors.js';
import type { WorkflowRegistry } from './workflow-registry.js';

/** The columns of a token row a condition reads (alias `wt` of workflow_tokens by default). */
export type TokenColumns = { entityName: SQL; entityId: SQL; nodeId: SQL };

export const TOKEN_ALIAS: TokenColumns = {
  entityName: sql`wt.entity_name`,
  entityId: sql`wt.entity_id`,
  nodeId: sql`wt.node_id`,
};

/** Whether the item of a token is in a profile's visibility scope (its kind decides; an unknown kind: nobody). */
export function itemScope(
  registry: WorkflowRegistry,
  principal: Principal,
  token: TokenColumns,
  options: { entity?: string; assigned?: boolean } = {},
): SQL {
  const kinds = registry.kinds().filter((kind) => options.entity === undefined || kind.entity === options.entity);
  if (kinds.length === 0) {
    return sql`FALSE`;
  }
  return sql`(${sql.join(
    kinds.map((kind) => {
      const conditions = [sql`${token.entityName} = ${kind.entity}`];
      const scope = kind.scope(principal, token.entityId);
      if (scope) {
        conditions.push(scope);
      }
      const assignee = options.assigned ? kind.assignee?.(principal, token.entityId) : undefined;
      if (assignee) {
        conditions.push(assignee);
      }
      return sql`(${sql.join(conditions, sql` AND `)})`;
    }),
    sql` OR `,
  )})`;
}

/** Nodes from which a role may fire an enabled transition (only forward ones, type 1, when asked). */
function roleActsOnNode(roleId: number, nodeId: SQL, forwardOnly: boolean): SQL {
  return sql`${nodeId} IN (SELECT tr.from_node_id FROM workflow_transitions tr JOIN role_workflow_transitions rwt ON rwt.transition_id = tr.id WHERE rwt.role_id = ${roleId} AND NOT tr.disabled${
    forwardOnly ? sql` AND tr.type = 1` : sql``
  })`;
}

/**
 * The three list filters of spec 1 §2 as one condition on a token row (docs/decisions.md, "Workflow"):
 * - all: the item is in the caller's visibility scope;
 * - canDo (My scope): and the caller's role may fire a transition (any type) from the token's node;
 * - haveToDo (My tasks): the caller, or someone who delegated to them today, may move the item forward
 *   now: their role has a forward (type 1) transition from the node, the item is in their scope and,
 *   when the kind says who an item is assigned to, it is assigned to them.
 */
export function tokenFilterCondition(
  registry: WorkflowRegistry,
  actors: Actor[],
  filter: WorkflowFilter,
  token: TokenColumns = TOKEN_ALIAS,
  entity?: string,
): SQL {
  const self = actors[0]?.principal;
  if (!self) {
    return sql`FALSE`;
  }
  switch (filter) {
    case 'all':
      return itemScope(registry, self, token, { entity });
    case 'canDo':
      return sql`(${itemScope(registry, self, token, { entity })} AND ${roleActsOnNode(self.roleId, token.nodeId, false)})`;
    case 'haveToDo':
      return sql`(${sql.join(
        actors.map(
          (actor) =>
            sql`(${itemScope(registry, actor.principal, token, { entity, assigned: true })} AND ${roleActsOnNode(
              actor.principal.roleId,
              token.nodeId,
              true,
            )})`,
        ),
        sql` OR `,
      )})`;
  }
}
