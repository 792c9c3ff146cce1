import { type DashboardNode, RUNNING_ORDER_NODE_CODES, type RunningOrdersAmount } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { defineList, type ListDefinition } from '../../platform/list-engine.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { listNodes, visibleNodeIds } from './workflow-catalogue.js';
import type { ResolvedActor } from './workflow-filters.js';
import { tokenFilterCondition } from './workflow-filters.js';
import type { WorkflowRegistry } from './workflow-registry.js';

const ORDER_ENTITY = 'order';

/**
 * Every node the caller's roles see (theirs and their delegators'), with the tokens in their scope (All)
 * and those they must move forward (My tasks): the home dashboard's process table and tasks.
 */
export async function dashboardNodes(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  roleIds: number[],
): Promise<DashboardNode[]> {
  const visible = await visibleNodeIds(db, roleIds);
  if (visible.size === 0) {
    return [];
  }
  const counts = await rowsOf<{ node_id: number; total: number; to_do: number }>(
    db,
    sql`SELECT wt.node_id,
        count(*) FILTER (WHERE ${tokenFilterCondition(registry, actors, 'all')})::int AS total,
        count(*) FILTER (WHERE ${tokenFilterCondition(registry, actors, 'haveToDo')})::int AS to_do
      FROM workflow_tokens wt
      WHERE wt.node_id IN (${sql.join(
        [...visible].map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY wt.node_id`,
  );
  const byNode = new Map(counts.map((row) => [Number(row.node_id), row]));
  return (await listNodes(db))
    .filter((node) => visible.has(node.id))
    .map((node) => ({
      workflowId: node.workflowId,
      workflowCode: node.workflowCode,
      workflowName: node.workflowName,
      objectName: node.objectName,
      nodeId: node.id,
      nodeName: node.name,
      nodeCode: node.nodeCode,
      nodeType: node.nodeType,
      count: Number(byNode.get(node.id)?.total ?? 0),
      haveToDo: Number(byNode.get(node.id)?.to_do ?? 0),
    }));
}

/** The orders running now (validated, not closed) in the caller's scope, amount from the order kind. */
function runningOrders(registry: WorkflowRegistry, actors: ResolvedActor[]) {
  const kind = registry.kind(ORDER_ENTITY);
  const entityId = sql`wt.entity_id`;
  return {
    from: sql`workflow_tokens wt JOIN workflow_nodes wn ON wn.id = wt.node_id`,
    where: sql`wt.entity_name = ${ORDER_ENTITY} AND wn.code IN (${sql.join(
      RUNNING_ORDER_NODE_CODES.map((code) => sql`${code}`),
      sql`, `,
    )}) AND ${tokenFilterCondition(registry, actors, 'all', undefined, ORDER_ENTITY)}`,
    label: kind?.label?.(entityId) ?? sql`NULL::text`,
    amount: kind?.amount?.(entityId),
  };
}

/** GET /dashboard/runningorders: a list of the generic engine (paging, sort, filters). */
export function runningOrderList(registry: WorkflowRegistry, actors: ResolvedActor[]): ListDefinition {
  const running = runningOrders(registry, actors);
  return defineList({
    name: 'dashboard-running-orders',
    from: running.from,
    idColumn: 'id',
    columns: {
      id: { sql: sql`wt.id`, kind: 'id', label: 'ID' },
      entityId: { sql: sql`wt.entity_id`, kind: 'id', label: 'Commande' },
      label: { sql: running.label, kind: 'text', label: 'Libellé' },
      nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Étape' },
      updatedAt: { sql: sql`wt.updated_at`, kind: 'date', label: "Arrivée à l'étape" },
      amount: { sql: running.amount ?? sql`NULL::numeric`, kind: 'money', label: 'Montant' },
    },
    defaultSort: { column: 'id', direction: 'desc' },
    where: running.where,
  });
}

/** GET /dashboard/runningorders/amount: how many orders run and their total (null while orders have no amount). */
export async function runningOrdersAmount(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
): Promise<RunningOrdersAmount> {
  const running = runningOrders(registry, actors);
  const [row] = await rowsOf<{ total: number; amount: string | null }>(
    db,
    sql`SELECT count(*)::int AS total, ${
      running.amount ? sql`COALESCE(sum(${running.amount}), 0)::numeric(16, 2)::text` : sql`NULL::text`
    } AS amount FROM ${running.from} WHERE ${running.where}`,
  );
  return { count: Number(row?.total ?? 0), amount: row?.amount ?? null };
}
