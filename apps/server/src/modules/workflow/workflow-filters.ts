import type { WorkflowFilter } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Principal, PrincipalLoader } from '../../platform/principal.js';
import { intArray, rowsOf } from '../../platform/sql-rows.js';
import { type Actor, delegatorsAmong, delegatorsSql } from './workflow-actors.js';
import type { WorkflowRegistry } from './workflow-registry.js';

/** The nodes from which a role may fire an enabled transition: of any type, and forward ones (type 1). */
export type RoleNodes = { any: number[]; forward: number[] };

/** An actor with the nodes their role acts on, resolved in the application (docs/decisions.md, issue 14). */
export type ResolvedActor = Actor & { nodes: RoleNodes };

/** The transitions a role may fire, as (from node, type) pairs: what `RoleNodes` are made of. */
function roleTransitionsSql(roleId: number | SQL): SQL {
  return sql`SELECT DISTINCT tr.from_node_id, tr.type FROM workflow_transitions tr
      JOIN role_workflow_transitions rwt ON rwt.transition_id = tr.id
      WHERE rwt.role_id = ${roleId} AND NOT tr.disabled`;
}

function roleNodesOf(rows: { from_node_id: number | string; type: number | string }[]): RoleNodes {
  const any = [...new Set(rows.map((row) => Number(row.from_node_id)))].sort((a, b) => a - b);
  const forward = [...new Set(rows.filter((row) => Number(row.type) === 1).map((row) => Number(row.from_node_id)))].sort(
    (a, b) => a - b,
  );
  return { any, forward };
}

/**
 * The nodes a role acts on, read from the workflow definitions. One small lookup on purpose: an in-memory
 * cache of the definitions can back it without changing its callers.
 */
export async function roleActionableNodes(db: Database, roleId: number): Promise<RoleNodes> {
  return roleNodesOf(await rowsOf<{ from_node_id: number; type: number }>(db, sql`${roleTransitionsSql(roleId)} ORDER BY 1, 2`));
}

/**
 * The caller and their delegators of today, each with the nodes their role acts on, the caller's part in
 * one statement (who delegated to them, and their role's transitions): a list request of My scope or My
 * tasks then sends one statement before its page, not two. The delegators' roles, when there are any, are
 * read after (`resolveActors`).
 */
export async function resolvedActorsOf(
  db: Database,
  principals: PrincipalLoader,
  principal: Principal,
): Promise<ResolvedActor[]> {
  const [row] = await rowsOf<{ delegators: number[] | string | null; transitions: RoleTransition[] | string | null }>(
    db,
    sql`SELECT (SELECT json_agg(d.delegate_from_id ORDER BY d.delegate_from_id) FROM (${delegatorsSql(principal)}) d) AS delegators,
      (SELECT json_agg(json_build_object('from_node_id', t.from_node_id, 'type', t.type)) FROM (${roleTransitionsSql(
        principal.roleId,
      )}) t) AS transitions`,
  );
  const self: ResolvedActor = { principal, onBehalfOfId: null, nodes: roleNodesOf(parsedJson(row?.transitions)) };
  const delegators = await delegatorsAmong(principals, principal, parsedJson(row?.delegators));
  if (delegators.length === 0) {
    return [self];
  }
  return [self, ...(await resolveActors(db, delegators))];
}

type RoleTransition = { from_node_id: number; type: number };

function parsedJson<T>(value: T[] | string | null | undefined): T[] {
  if (value === null || value === undefined) {
    return [];
  }
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export async function resolveActors(db: Database, actors: Actor[]): Promise<ResolvedActor[]> {
  const byRole = new Map<number, Promise<RoleNodes>>();
  return Promise.all(
    actors.map(async (actor) => {
      const roleId = actor.principal.roleId;
      if (!byRole.has(roleId)) {
        byRole.set(roleId, roleActionableNodes(db, roleId));
      }
      return { ...actor, nodes: await (byRole.get(roleId) as Promise<RoleNodes>) };
    }),
  );
}

/** `node = ANY('{…}'::int[])`: one array parameter the planner reads as values; FALSE for no node. */
export function nodeIn(nodeId: SQL, ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`FALSE` : sql`${nodeId} = ANY(${intArray(ids)})`;
}

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
  actors: ResolvedActor[],
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
      return sql`(${nodeIn(token.nodeId, actors[0]?.nodes.any ?? [])} AND ${itemScope(registry, self, token, { entity })})`;
    case 'haveToDo': {
      const acting = actors.filter((actor) => actor.nodes.forward.length > 0);
      if (acting.length === 0) {
        return sql`FALSE`;
      }
      return sql`(${sql.join(
        acting.map(
          (actor) =>
            sql`(${nodeIn(token.nodeId, actor.nodes.forward)} AND ${itemScope(registry, actor.principal, token, {
              entity,
              assigned: true,
            })})`,
        ),
        sql` OR `,
      )})`;
    }
  }
}

/**
 * Where a row filter reads the item's stored node and a profile's visibility on the row. `callerScoped`: the
 * list that receives the condition already keeps the caller's own scope (a list's `scope`, or its stored
 * source's), so the caller's branch leaves it out (the other actors' branches keep theirs): the same rows,
 * without a second semi-join on the caller's projects (which PostgreSQL plans as a join of his projects with
 * themselves, then drives the list from them: 4.9 s for the bench's manager on the attachments' My scope).
 */
export type RowColumns = {
  nodeId: SQL;
  scope: (principal: Principal) => SQL | undefined;
  callerScoped?: boolean;
};

/**
 * The same filters on a business list's own row, for a kind that stores its current node (`nodeColumn`):
 * the stored node against the role's node ids, and each actor's visibility on the row itself (`row.scope`,
 * read right included), without the tokens and without a subquery on the item's own table. Undefined for All.
 */
export function rowFilterCondition(
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  filter: WorkflowFilter,
  entity: string,
  row: RowColumns & { entityId: SQL },
): SQL | undefined {
  const self = actors[0];
  if (filter === 'all') {
    return undefined;
  }
  if (!self) {
    return sql`FALSE`;
  }
  const kind = registry.kind(entity);
  const on = (actor: ResolvedActor, nodes: number[], assigned: boolean) => {
    if (nodes.length === 0) {
      return undefined;
    }
    const conditions = [nodeIn(row.nodeId, nodes)];
    const scope = row.callerScoped && actor === self ? undefined : row.scope(actor.principal);
    if (scope) {
      conditions.push(scope);
    }
    const assignee = assigned ? kind?.assignee?.(actor.principal, row.entityId) : undefined;
    if (assignee) {
      conditions.push(assignee);
    }
    return sql`(${sql.join(conditions, sql` AND `)})`;
  };
  const branches = (
    filter === 'canDo' ? [on(self, self.nodes.any, false)] : actors.map((actor) => on(actor, actor.nodes.forward, true))
  ).filter((branch): branch is SQL => branch !== undefined);
  return branches.length === 0 ? sql`FALSE` : sql`(${sql.join(branches, sql` OR `)})`;
}

/**
 * The node screen's filters on the rows of a kind that stores its current node, for the items on one node
 * (`nodeId`): whether the roles act on that node is decided here, in the application, so what is left is
 * each acting profile's visibility on the row (and, for My tasks, whom the item is assigned to). The same
 * meaning as `tokenFilterCondition` on the node's tokens. Undefined when every row of the node passes.
 */
export function nodeRowFilter(
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  filter: WorkflowFilter,
  entity: string,
  nodeId: number,
  row: { entityId: SQL; scope: (principal: Principal) => SQL | undefined },
): SQL | undefined {
  const self = actors[0];
  if (!self) {
    return sql`FALSE`;
  }
  const kind = registry.kind(entity);
  const branch = (actor: ResolvedActor, assigned: boolean): SQL[] => {
    const conditions: SQL[] = [];
    const scope = row.scope(actor.principal);
    if (scope) {
      conditions.push(scope);
    }
    const assignee = assigned ? kind?.assignee?.(actor.principal, row.entityId) : undefined;
    if (assignee) {
      conditions.push(assignee);
    }
    return conditions;
  };
  const branches =
    filter === 'all'
      ? [branch(self, false)]
      : filter === 'canDo'
        ? self.nodes.any.includes(nodeId)
          ? [branch(self, false)]
          : []
        : actors.filter((actor) => actor.nodes.forward.includes(nodeId)).map((actor) => branch(actor, true));
  if (branches.length === 0) {
    return sql`FALSE`;
  }
  if (branches.some((conditions) => conditions.length === 0)) {
    return undefined;
  }
  return sql`(${sql.join(
    branches.map((conditions) => sql`(${sql.join(conditions, sql` AND `)})`),
    sql` OR `,
  )})`;
}
