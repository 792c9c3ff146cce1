import { type DashboardNode, RUNNING_ORDER_NODE_CODES, type RunningOrdersAmount } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { defineList, type ListDefinition, listCountCap, type StoredTotals } from '../../platform/list-engine.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { listNodes, visibleNodeIds } from './workflow-catalogue.js';
import type { ResolvedActor } from './workflow-filters.js';
import { nodeIn, rowFilterCondition, tokenFilterCondition } from './workflow-filters.js';
import { storedKind, storedNodeRow, summaryRows, type WorkflowRegistry } from './workflow-registry.js';

const ORDER_ENTITY = 'order';

type NodeCounts = { total: number; toDo: number; totalCapped: boolean; toDoCapped: boolean };

/** Exact counts per node, capped at the lists' cap as a list's count is (`countCapped`: "plus de …"). */
function capped(total: number, toDo: number, cap: number): NodeCounts {
  return { total: Math.min(total, cap), toDo: Math.min(toDo, cap), totalCapped: total > cap, toDoCapped: toDo > cap };
}

/**
 * What to count over a set of rows of one kind per node (its tokens, or its node summary's rows), grouped by
 * node in one statement: `total` the rows in the caller's scope (All), `to_do` those the acting profiles
 * move forward (My tasks). When the caller alone acts on these nodes and the kind assigns nothing, My tasks
 * is All on the caller's forward nodes: the scope is then the statement's WHERE (a semi-join PostgreSQL
 * plans once for every node, the caller's projects read once) and My tasks a FILTER on the node. Otherwise
 * both are FILTERs over the nodes' rows, My tasks being any acting profile's condition.
 */
type GroupedCount = {
  /** The rows and the node column (`node_id` in the result). */
  from: SQL;
  node: SQL;
  /** How many items a row stands for (`count(*)`: 1 each). */
  count: SQL;
  all: SQL | undefined;
  haveToDo: SQL;
  /** My tasks is All on these nodes (the caller alone acts, no assignee). */
  toDoOnNodes?: number[];
};

async function groupedCounts(db: Database, nodeIds: number[], grouped: GroupedCount, cap: number) {
  const counts = new Map<number, NodeCounts>();
  if (nodeIds.length === 0) {
    return counts;
  }
  const sum = (condition: SQL | undefined) =>
    condition ? sql`coalesce(sum(${grouped.count}) FILTER (WHERE ${condition}), 0)` : sql`coalesce(sum(${grouped.count}), 0)`;
  const toDoOnNodes = grouped.toDoOnNodes;
  const where = [nodeIn(grouped.node, nodeIds), ...(toDoOnNodes && grouped.all ? [grouped.all] : [])];
  if (toDoOnNodes) {
    // folded: My tasks of a node is its All count when the caller moves it forward, else 0; a node decides
    // it, so it is read off the group key here, not summed again row by row (a third of the statement's time)
    const rows = await rowsOf<{ node_id: number; total: string }>(
      db,
      sql`SELECT ${grouped.node} AS node_id, ${sum(undefined)}::bigint::text AS total
        FROM ${grouped.from}
        WHERE ${sql.join(where, sql` AND `)}
        GROUP BY 1`,
    );
    for (const row of rows) {
      const nodeId = Number(row.node_id);
      const total = Number(row.total);
      counts.set(nodeId, capped(total, toDoOnNodes.includes(nodeId) ? total : 0, cap));
    }
    return counts;
  }
  const rows = await rowsOf<{ node_id: number; total: string; to_do: string }>(
    db,
    sql`SELECT ${grouped.node} AS node_id, ${sum(grouped.all)}::bigint::text AS total,
        ${sum(grouped.haveToDo)}::bigint::text AS to_do
      FROM ${grouped.from}
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY 1`,
  );
  for (const row of rows) {
    counts.set(Number(row.node_id), capped(Number(row.total), Number(row.to_do), cap));
  }
  return counts;
}

/** The caller's forward node ids among `nodeIds` when nobody else acts on them (and the kind assigns nothing). */
function selfAloneOn(actors: ResolvedActor[], nodeIds: number[], assigns: boolean): number[] | undefined {
  const self = actors[0];
  if (!self || assigns) {
    return undefined;
  }
  const others = actors.slice(1).some((actor) => actor.nodes.forward.some((id) => nodeIds.includes(id)));
  return others ? undefined : self.nodes.forward.filter((id) => nodeIds.includes(id));
}

/**
 * The nodes of kinds that keep no summary (markets, envelopes, documents: a few tokens a node): their
 * tokens, read from the node index `(node_id, id, entity_name, entity_id)`, with that kind's scope alone (not
 * every kind's, OR-ed), grouped by node, one statement per kind.
 */
async function tokenCounts(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodes: { id: number; entity: string }[],
  cap: number,
) {
  const counts = new Map<number, NodeCounts>();
  const entities = [...new Set(nodes.map((node) => node.entity))];
  const results = await Promise.all(
    entities.map((entity) => {
      const nodeIds = nodes.filter((node) => node.entity === entity).map((node) => node.id);
      const toDoOnNodes = selfAloneOn(actors, nodeIds, registry.kind(entity)?.assignee !== undefined);
      return groupedCounts(
        db,
        nodeIds,
        {
          from: sql`workflow_tokens wt`,
          node: sql`wt.node_id`,
          count: sql`1`,
          all: tokenFilterCondition(registry, actors, 'all', undefined, entity),
          haveToDo: tokenFilterCondition(registry, actors, 'haveToDo', undefined, entity),
          ...(toDoOnNodes ? { toDoOnNodes } : {}),
        },
        cap,
      );
    }),
  );
  for (const result of results) {
    for (const [nodeId, counted] of result) {
      counts.set(nodeId, counted);
    }
  }
  return counts;
}

/**
 * The counts of the nodes of a kind summed ahead per node and scope key (`row.summary`: orders,
 * attachments) that assigns nothing: its summary's rows of those nodes, All in the caller's scope, My tasks
 * the acting profiles' node ids and scope on the summary's keys (as `workItemSummaryFilter`), grouped by
 * node in one statement: the caller's projects are read once, not once per node and filter.
 */
async function summaryCounts(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  entity: string,
  nodeIds: number[],
  cap: number,
) {
  const kind = registry.kind(entity);
  const summary = kind?.row?.summary;
  const self = actors[0];
  if (!summary || !self) {
    return new Map<number, NodeCounts>();
  }
  const toDoOnNodes = selfAloneOn(actors, nodeIds, false);
  const rows = summaryRows(summary, actors);
  return groupedCounts(
    db,
    nodeIds,
    {
      from: rows.from,
      node: summary.node,
      count: summary.count,
      all: rows.scope(self.principal),
      haveToDo:
        rowFilterCondition(registry, actors, 'haveToDo', entity, {
          entityId: sql`NULL`,
          nodeId: summary.node,
          scope: rows.scope,
        }) ?? sql`TRUE`,
      ...(toDoOnNodes ? { toDoOnNodes } : {}),
    },
    cap,
  );
}

/**
 * The counts of the nodes of a kind that stores its node but is not summed ahead, or assigns its items: read
 * on the item's row (`wf_node_id = node` and the visibility on the row: the index on the stored node), each
 * stopping after `cap` rows like a list's count: one statement, one capped count per node and filter. My
 * tasks is not counted again when it is the All count (the caller alone acts on the node, nobody delegated,
 * the kind narrows to no assignee), nor when no actor moves items forward from the node (0).
 */
async function rowCounts(
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
    const stored = storedKind(registry, node.entity);
    if (!stored) {
      continue;
    }
    const alias = sql.identifier(stored.row.alias);
    const { nodeId } = stored.node;
    // without a condition, the item's table alone: an index-only scan of its stored node (a join to
    // the order, even one PostgreSQL removes, makes it read the attachments' rows)
    const count = (condition: SQL | undefined) =>
      sql`(SELECT count(*) FROM (SELECT 1 FROM ${
        condition ? stored.row.from : sql`${sql.identifier(stored.nodeColumn.table)} ${alias}`
      } WHERE ${nodeId} = ${node.id}${condition ? sql` AND ${condition}` : sql``} LIMIT ${cap + 1}) AS capped)::int`;
    const total = `total_${node.id}`;
    columns.push(sql`${count(stored.row.scope(self.principal))} AS ${sql.identifier(total)}`);
    const acting = actors.filter((actor) => actor.nodes.forward.includes(node.id));
    const alone = acting.length === 1 && acting[0] === self && !stored.kind.assignee;
    let toDo: string | 'same' | 'none' = alone ? 'same' : 'none';
    if (acting.length > 0 && !alone) {
      toDo = `to_do_${node.id}`;
      const condition = rowFilterCondition(registry, acting, 'haveToDo', node.entity, stored.node);
      columns.push(sql`${count(condition)} AS ${sql.identifier(toDo)}`);
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
    counts.set(entry.nodeId, capped(total, toDo, cap));
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
  const cap = listCountCap(db);
  const summed = (entity: string) => {
    const stored = storedKind(registry, entity);
    return stored?.row.summary !== undefined && !stored.kind.assignee;
  };
  const byEntity = new Map<string, number[]>();
  for (const node of shown.filter((entry) => summed(entry.objectName))) {
    byEntity.set(node.objectName, [...(byEntity.get(node.objectName) ?? []), node.id]);
  }
  const of = (nodes: typeof shown) => nodes.map((node) => ({ id: node.id, entity: node.objectName }));
  const counted = await Promise.all([
    ...[...byEntity].map(([entity, nodeIds]) => summaryCounts(db, registry, actors, entity, nodeIds, cap)),
    rowCounts(
      db,
      registry,
      actors,
      of(shown.filter((node) => storedKind(registry, node.objectName) && !summed(node.objectName))),
      cap,
    ),
    // the other kinds' few tokens, exactly
    tokenCounts(
      db,
      registry,
      actors,
      of(shown.filter((node) => !storedKind(registry, node.objectName))),
      Number.POSITIVE_INFINITY,
    ),
  ]);
  const countOf = (nodeId: number) => counted.map((counts) => counts.get(nodeId)).find((counts) => counts !== undefined);
  return shown.map((node) => {
    const counts = countOf(node.id);
    return {
      workflowId: node.workflowId,
      workflowCode: node.workflowCode,
      workflowName: node.workflowName,
      objectName: node.objectName,
      nodeId: node.id,
      nodeName: node.name,
      nodeCode: node.nodeCode,
      nodeType: node.nodeType,
      count: counts?.total ?? 0,
      haveToDo: counts?.toDo ?? 0,
      ...(counts?.totalCapped ? { countCapped: true } : {}),
      ...(counts?.toDoCapped ? { haveToDoCapped: true } : {}),
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

type RunningOrders = {
  from: SQL;
  countFrom?: SQL;
  where: SQL;
  label: SQL;
  amount: SQL | undefined;
  /** The same orders on the order kind's node summary, when it has one: the list's count. */
  stored?: StoredTotals;
};

/**
 * The orders running now (validated, not closed) in the caller's scope, amount from the order kind. When
 * the order kind stores its node, on the order's row: its stored node among the running nodes' ids and the
 * caller's visibility on the row (the token joined for its arrival time and id only); else on the tokens.
 */
async function runningOrders(db: Database, registry: WorkflowRegistry, actors: ResolvedActor[]): Promise<RunningOrders> {
  const kind = registry.kind(ORDER_ENTITY);
  const stored = storedNodeRow(kind);
  const self = actors[0]?.principal;
  if (kind?.row && stored && self) {
    const { entityId } = stored;
    const scope = stored.scope(self);
    const nodeIds = await runningNodeIds(db);
    const summary = kind.row.summary;
    const rows = summary ? summaryRows(summary, [{ principal: self }]) : undefined;
    const summed = rows?.scope(self);
    return {
      ...(summary && rows
        ? {
            stored: {
              from: rows.from,
              count: summary.count,
              columns: {},
              where: () => sql`${nodeIn(summary.node, nodeIds)}${summed ? sql` AND ${summed}` : sql``}`,
            },
          }
        : {}),
      from: sql`${kind.row.from} JOIN workflow_tokens wt ON wt.entity_name = ${ORDER_ENTITY} AND wt.entity_id = ${entityId}
        JOIN workflow_nodes wn ON wn.id = wt.node_id`,
      countFrom: kind.row.from,
      where: sql`${nodeIn(stored.nodeId, nodeIds)}${scope ? sql` AND ${scope}` : sql``}`,
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
    // counted on the node summary's rows of the running nodes in the caller's scope (as the amount)
    ...(running.stored ? { stored: running.stored } : {}),
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
    const rows = summaryRows(summary, [{ principal: self }]);
    const scope = rows.scope(self);
    const [row] = await rowsOf<{ total: string; amount: string }>(
      db,
      sql`SELECT coalesce(sum(${summary.count}), 0)::bigint::text AS total,
          coalesce(sum(${summary.amount}), 0)::numeric(16, 2)::text AS amount
        FROM ${rows.from} WHERE ${nodeIn(summary.node, await runningNodeIds(db))}${scope ? sql` AND ${scope}` : sql``}`,
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
