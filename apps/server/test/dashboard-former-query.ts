import { type DashboardNode, RUNNING_ORDER_NODE_CODES, type RunningOrdersAmount } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import {
  listNodes,
  type ResolvedActor,
  tokenFilterCondition,
  visibleNodeIds,
  type WorkflowRegistry,
} from '../src/modules/workflow/index.js';
import { defineList, type ListDefinition } from '../src/platform/list-engine.js';
import { rowsOf } from '../src/platform/sql-rows.js';

/**
 * The home dashboard's queries as they were before issue 14's dashboard work, kept as the oracle of
 * `dashboard.oracle.test.ts`: every count and list read the tokens, the kinds' scope through a subquery
 * on the item's table per token.
 */

/** GET /dashboard/nodes, former: one statement counting every token of the visible nodes, exactly. */
export async function formerDashboardNodes(
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

function formerRunningOrders(registry: WorkflowRegistry, actors: ResolvedActor[]) {
  const kind = registry.kind('order');
  const entityId = sql`wt.entity_id`;
  return {
    from: sql`workflow_tokens wt JOIN workflow_nodes wn ON wn.id = wt.node_id`,
    where: sql`wt.entity_name = 'order' AND wn.code IN (${sql.join(
      RUNNING_ORDER_NODE_CODES.map((code) => sql`${code}`),
      sql`, `,
    )}) AND ${tokenFilterCondition(registry, actors, 'all', undefined, 'order')}`,
    label: kind?.label?.(entityId) ?? sql`NULL::text`,
    amount: kind?.amount?.(entityId),
  };
}

/** GET /dashboard/runningorders, former: the tokens on the running nodes whose order is in scope. */
export function formerRunningOrderList(registry: WorkflowRegistry, actors: ResolvedActor[]): ListDefinition {
  const running = formerRunningOrders(registry, actors);
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

/** GET /dashboard/runningorders/amount, former: the count and sum over every running token in scope. */
export async function formerRunningOrdersAmount(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
): Promise<RunningOrdersAmount> {
  const running = formerRunningOrders(registry, actors);
  const [row] = await rowsOf<{ total: number; amount: string | null }>(
    db,
    sql`SELECT count(*)::int AS total, ${
      running.amount ? sql`COALESCE(sum(${running.amount}), 0)::numeric(16, 2)::text` : sql`NULL::text`
    } AS amount FROM ${running.from} WHERE ${running.where}`,
  );
  return { count: Number(row?.total ?? 0), amount: row?.amount ?? null };
}

/** The "to validate" lists' former My tasks: the item's id among the tokens the caller must move forward. */
export function formerHaveToDo(registry: WorkflowRegistry, actors: ResolvedActor[], entity: string, entityId: SQL): SQL {
  const condition = tokenFilterCondition(registry, actors, 'haveToDo', undefined, entity);
  return sql`${entityId} IN (SELECT wt.entity_id FROM workflow_tokens wt WHERE wt.entity_name = ${entity} AND ${condition})`;
}

/** A "to validate" list as it was: counted over every join, sorted on the displayed arrival text. */
export function formerListShape(list: ListDefinition): ListDefinition {
  const { countFrom: _countFrom, ...rest } = list;
  return {
    ...rest,
    columns: Object.fromEntries(
      Object.entries(list.columns).map(([name, { orderSql: _orderSql, joined: _joined, ...column }]) => [name, column]),
    ),
  };
}
