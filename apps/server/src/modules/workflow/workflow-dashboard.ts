import { type DashboardNode, RUNNING_ORDER_NODE_CODES, type RunningOrdersAmount } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { defineList, type ListDefinition, listCountCap } from '../../platform/list-engine.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { listNodes, visibleNodeIds } from './workflow-catalogue.js';
import type { ResolvedActor } from './workflow-filters.js';
import { nodeIn, rowFilterCondition, tokenFilterCondition } from './workflow-filters.js';
import type { WorkflowRegistry } from './workflow-registry.js';

const ORDER_ENTITY = 'order';

/** The work item kind of a workflow's object when it stores its current node on its row (orders, attachments). */
function storedKind(registry: WorkflowRegistry, entity: string) {
  const kind = registry.kind(entity);
  return kind?.nodeColumn && kind.row ? { ...kind, nodeColumn: kind.nodeColumn, row: kind.row } : undefined;
}

type NodeCounts = { total: number; toDo: number; totalCapped: boolean; toDoCapped: boolean };

/**
 * The former statement, for the nodes of kinds that do not store their node (markets, envelopes, documents:
 * a few tokens each): every token of the nodes, the All and My tasks conditions evaluated per token.
 */
async function tokenCounts(db: Database, registry: WorkflowRegistry, actors: ResolvedActor[], nodeIds: number[]) {
  const counts = new Map<number, NodeCounts>();
  if (nodeIds.length === 0) {
    return counts;
  }
  const rows = await rowsOf<{ node_id: number; total: number; to_do: number }>(
    db,
    sql`SELECT wt.node_id,
        count(*) FILTER (WHERE ${tokenFilterCondition(registry, actors, 'all')})::int AS total,
        count(*) FILTER (WHERE ${tokenFilterCondition(registry, actors, 'haveToDo')})::int AS to_do
      FROM workflow_tokens wt
      WHERE ${nodeIn(sql`wt.node_id`, nodeIds)}
      GROUP BY wt.node_id`,
  );
  for (const row of rows) {
    counts.set(Number(row.node_id), { total: Number(row.total), toDo: Number(row.to_do), totalCapped: false, toDoCapped: false });
  }
  return counts;
}

/**
 * The counts of the nodes of kinds that store their node, read on the item's row (`wf_node_id = node` and
 * the visibility on the row: the index on the stored node), each stopping after `cap` rows like a list's
 * count: one statement, one capped count per node and filter. A kind summed ahead per node and scope key
 * (`row.summary`: orders, attachments) and without assignee sums its summary's rows of the node instead
 * (All: the caller's scope on the summary; My tasks: the acting profiles' node ids and scope on its keys, as
 * `workItemSummaryFilter`), exact and then capped the same way. My tasks is not counted again when it is
 * the All count (the caller alone acts on the node, nobody delegated, the kind narrows to no assignee),
 * nor when no actor moves items forward from the node (0).
 */
async function storedCounts(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodes: { id: number; entity: string }[],
  cap: number,
) {
  const counts = new Map<number, NodeCounts>();
  const self = actors[0];
  if (nodes.length === 0 || !self) {
    return counts;
  }
  const columns: SQL[] = [];
  const plan: { nodeId: number; total: string; toDo: string | 'same' | 'none' }[] = [];
  for (const node of nodes) {
    const kind = storedKind(registry, node.entity);
    if (!kind) {
      continue;
    }
    // a kind summed ahead per node and scope key (`row.summary`) whose My tasks reads only those keys (no
    // assignee) counts from the summary's rows, exactly (capped afterwards); the others count their rows
    const summary = kind.assignee ? undefined : kind.row.summary;
    const alias = sql.identifier(kind.row.alias);
    const entityId = summary ? sql`NULL` : sql`${alias}.id`;
    const nodeId = summary ? summary.node : sql`${alias}.${sql.identifier(kind.nodeColumn.column)}`;
    const scope = summary ? summary.scope : kind.row.scope;
    // without a condition, the item's table alone: an index-only scan of its stored node (a join to
    // the order, even one PostgreSQL removes, makes it read the attachments' rows)
    const capped = (condition: SQL | undefined) =>
      summary
        ? sql`(SELECT coalesce(sum(${summary.count}), 0) FROM ${summary.from} WHERE ${nodeId} = ${node.id}${
            condition ? sql` AND ${condition}` : sql``
          })::bigint`
        : sql`(SELECT count(*) FROM (SELECT 1 FROM ${
            condition ? kind.row.from : sql`${sql.identifier(kind.nodeColumn.table)} ${alias}`
          } WHERE ${nodeId} = ${node.id}${condition ? sql` AND ${condition}` : sql``} LIMIT ${cap + 1}) AS capped)::int`;
    const total = `total_${node.id}`;
    columns.push(sql`${capped(scope(self.principal))} AS ${sql.identifier(total)}`);
    const acting = actors.filter((actor) => actor.nodes.forward.includes(node.id));
    const alone = acting.length === 1 && acting[0] === self && !kind.assignee;
    let toDo: string | 'same' | 'none' = alone ? 'same' : 'none';
    if (acting.length > 0 && !alone) {
      toDo = `to_do_${node.id}`;
      const condition = rowFilterCondition(registry, acting, 'haveToDo', node.entity, {
        entityId,
        nodeId,
        scope,
      });
      columns.push(sql`${capped(condition)} AS ${sql.identifier(toDo)}`);
    }
    plan.push({ nodeId: node.id, total, toDo });
  }
  if (columns.length === 0) {
    return counts;
  }
  const [row] = await rowsOf<Record<string, number>>(db, sql`SELECT ${sql.join(columns, sql`, `)}`);
  const read = (name: string) => Number(row?.[name] ?? 0);
  for (const entry of plan) {
    const total = read(entry.total);
    const toDo = entry.toDo === 'same' ? total : entry.toDo === 'none' ? 0 : read(entry.toDo);
    counts.set(entry.nodeId, {
      total: Math.min(total, cap),
      toDo: Math.min(toDo, cap),
      totalCapped: total > cap,
      toDoCapped: toDo > cap,
    });
  }
  return counts;
}

/**
 * Every node the caller's roles see (theirs and their delegators'), with the items in their scope (All)
 * and those they must move forward (My tasks): the home dashboard's process table and tasks. Orders and
 * attachments are counted from their node summaries, shown up to the lists' cap (`countCapped`: "more
 * than"); the other kinds' few tokens exactly (docs/performance.md, "Dashboard (issue 14)").
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
  const shown = (await listNodes(db)).filter((node) => visible.has(node.id));
  const onRows = shown.filter((node) => storedKind(registry, node.objectName));
  const onTokens = shown.filter((node) => !storedKind(registry, node.objectName));
  const [fromRows, fromTokens] = await Promise.all([
    storedCounts(
      db,
      registry,
      actors,
      onRows.map((node) => ({ id: node.id, entity: node.objectName })),
      listCountCap(db),
    ),
    tokenCounts(
      db,
      registry,
      actors,
      onTokens.map((node) => node.id),
    ),
  ]);
  return shown.map((node) => {
    const counted = fromRows.get(node.id) ?? fromTokens.get(node.id);
    return {
      workflowId: node.workflowId,
      workflowCode: node.workflowCode,
      workflowName: node.workflowName,
      objectName: node.objectName,
      nodeId: node.id,
      nodeName: node.name,
      nodeCode: node.nodeCode,
      nodeType: node.nodeType,
      count: counted?.total ?? 0,
      haveToDo: counted?.toDo ?? 0,
      ...(counted?.totalCapped ? { countCapped: true } : {}),
      ...(counted?.toDoCapped ? { haveToDoCapped: true } : {}),
    };
  });
}

/** The nodes whose orders run (RUNNING_ORDER_NODE_CODES), by id: one small look-up. */
async function runningNodeIds(db: Database): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM workflow_nodes WHERE code IN (${sql.join(
      RUNNING_ORDER_NODE_CODES.map((code) => sql`${code}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  return rows.map((row) => Number(row.id));
}

type RunningOrders = { from: SQL; countFrom?: SQL; where: SQL; label: SQL; amount: SQL | undefined };

/**
 * The orders running now (validated, not closed) in the caller's scope, amount from the order kind. When
 * the order kind stores its node, on the order's row: its stored node among the running nodes' ids and the
 * caller's visibility on the row (the token joined for its arrival time and id only); else on the tokens.
 */
async function runningOrders(db: Database, registry: WorkflowRegistry, actors: ResolvedActor[]): Promise<RunningOrders> {
  const kind = registry.kind(ORDER_ENTITY);
  const self = actors[0]?.principal;
  if (kind?.nodeColumn && kind.row && self) {
    const alias = sql.identifier(kind.row.alias);
    const entityId = sql`${alias}.id`;
    const scope = kind.row.scope(self);
    return {
      from: sql`${kind.row.from} JOIN workflow_tokens wt ON wt.entity_name = ${ORDER_ENTITY} AND wt.entity_id = ${entityId}
        JOIN workflow_nodes wn ON wn.id = wt.node_id`,
      countFrom: kind.row.from,
      where: sql`${nodeIn(sql`${alias}.${sql.identifier(kind.nodeColumn.column)}`, await runningNodeIds(db))}${
        scope ? sql` AND ${scope}` : sql``
      }`,
      label: kind.label?.(entityId) ?? sql`NULL::text`,
      amount: kind.row.amount ?? kind.amount?.(entityId),
    };
  }
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
export async function runningOrderList(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
): Promise<ListDefinition> {
  const running = await runningOrders(db, registry, actors);
  // on the order's row, the token and node columns are joined for display (a filter on them counts over `from`)
  const joined = running.countFrom !== undefined;
  return defineList({
    name: 'dashboard-running-orders',
    from: running.from,
    ...(running.countFrom ? { countFrom: running.countFrom } : {}),
    idColumn: 'id',
    columns: {
      id: { sql: sql`wt.id`, kind: 'id', label: 'ID', joined },
      entityId: { sql: sql`wt.entity_id`, kind: 'id', label: 'Commande', joined },
      label: { sql: running.label, kind: 'text', label: 'Libellé' },
      nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Étape', joined },
      updatedAt: { sql: sql`wt.updated_at`, kind: 'date', label: "Arrivée à l'étape", joined },
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
  const summary = registry.kind(ORDER_ENTITY)?.row?.summary;
  const self = actors[0]?.principal;
  if (summary && self) {
    // the orders summed ahead per node, project and agency: a few rows per running node (docs/decisions.md "Node summaries")
    const scope = summary.scope(self);
    const [row] = await rowsOf<{ total: string; amount: string }>(
      db,
      sql`SELECT coalesce(sum(${summary.count}), 0)::bigint::text AS total,
          coalesce(sum(${summary.amount}), 0)::numeric(16, 2)::text AS amount
        FROM ${summary.from} WHERE ${nodeIn(summary.node, await runningNodeIds(db))}${scope ? sql` AND ${scope}` : sql``}`,
    );
    return { count: Number(row?.total ?? 0), amount: row?.amount ?? '0.00' };
  }
  const running = await runningOrders(db, registry, actors);
  const [row] = await rowsOf<{ total: number; amount: string | null }>(
    db,
    sql`SELECT count(*)::int AS total, ${
      running.amount ? sql`COALESCE(sum(${running.amount}), 0)::numeric(16, 2)::text` : sql`NULL::text`
    } AS amount FROM ${running.countFrom ?? running.from} WHERE ${running.where}`,
  );
  return { count: Number(row?.total ?? 0), amount: row?.amount ?? null };
}
