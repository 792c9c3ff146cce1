import type { WorkflowFilter } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { defineList, type ListDefinition, type StoredTotals } from '../../platform/list-engine.js';
import { intArray, rowsOf, statementKey } from '../../platform/sql-rows.js';
import type { ResolvedActor } from './workflow-filters.js';
import { nodeIn, nodeRowFilter, rowFilterCondition, tokenFilterCondition } from './workflow-filters.js';
import { type StoredKind, storedKind, storedNodeRow, summaryRows, type WorkflowRegistry } from './workflow-registry.js';

function labelColumn(registry: WorkflowRegistry): SQL {
  const labelled = registry.kinds().filter((kind) => kind.label);
  if (labelled.length === 0) {
    return sql`NULL::text`;
  }
  return sql`CASE ${sql.join(
    labelled.map((kind) => sql`WHEN wt.entity_name = ${kind.entity} THEN (${kind.label?.(sql`wt.entity_id`)})::text`),
    sql` `,
  )} END`;
}

/**
 * The items of a stored kind on the node that a filter keeps, as a condition on their rows (`alias.id`),
 * or FALSE: the row's stored node equals the node (the token's, kept by the engine in the same
 * transaction), then the visibility of the profiles the filter concerns (`nodeRowFilter`).
 */
function storedRowsOnNode(
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodeId: number,
  filter: WorkflowFilter,
  stored: StoredKind,
): { from: SQL; alias: SQL; where: SQL; condition: SQL | undefined } {
  const condition = nodeRowFilter(registry, actors, filter, stored.kind.entity, nodeId, stored.node);
  const onNode = sql`${stored.node.nodeId} = ${nodeId}`;
  return {
    from: stored.node.from,
    alias: sql`${sql.identifier(stored.row.alias)}`,
    where: condition ? sql`${onNode} AND ${condition}` : onNode,
    condition,
  };
}

/**
 * The same items counted on the kind's node summary (`row.summary`: per node and scope key), for a kind that
 * assigns nothing: the node's summary rows in the scope of the profiles the filter concerns. A few rows per
 * project instead of every item of the node with a scope probe each. Undefined for the other kinds.
 */
function summedOnNode(
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodeId: number,
  filter: WorkflowFilter,
  stored: StoredKind,
): StoredTotals | undefined {
  const summary = stored.row.summary;
  if (!summary || stored.kind.assignee) {
    return undefined;
  }
  const rows = summaryRows(summary, actors);
  const condition = nodeRowFilter(registry, actors, filter, stored.kind.entity, nodeId, {
    entityId: sql`NULL`,
    scope: rows.scope,
  });
  const onNode = sql`${summary.node} = ${nodeId}`;
  const where = condition ? sql`${onNode} AND ${condition}` : onNode;
  return { from: rows.from, count: summary.count, columns: {}, where: () => where };
}

/**
 * The tokens of one node under a filter (GET /node/{id}/tokens), as a list of the generic engine:
 * paging, sort and column filters; the item's kind adds its own columns (`entity`: the node's object).
 * The node is tested with `= ANY('{id}')` and put first in the sort (`sortPrefix`), so the page walks
 * the index `(node_id, id)` of the node's tokens rather than the primary key of every token. For a kind
 * that stores its current node, the filter reads the item's row on that node (`storedRowsOnNode`), not
 * a subquery per token and kind (8–9 s for the admin on the bench's 70,000 orders of a node;
 * docs/performance.md, "Node screen").
 */
export function nodeTokenList(
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodeId: number,
  filter: WorkflowFilter,
  entity?: string,
): ListDefinition {
  const kindColumns = entity === undefined ? {} : (registry.kind(entity)?.columns?.(sql`wt.entity_id`) ?? {});
  const onNode = sql`wt.node_id = ANY(${intArray([nodeId])})`;
  const stored = storedKind(registry, entity);
  const rows = stored ? storedRowsOnNode(registry, actors, nodeId, filter, stored) : undefined;
  // The tokens are on the node, so their items' stored node is that node: the item's rows are probed for the
  // filter's visibility only. Repeating the stored node made PostgreSQL multiply the two selectivities
  // (103 rows expected, 4,321 found) and hash every item of the node first: 665 ms against 5 ms for the
  // manager's 50 tokens of node 2 on the bench (docs/performance.md, "Node screen").
  const where = rows
    ? sql`${onNode} AND wt.entity_name = ${stored?.kind.entity}${
        rows.condition ? sql` AND wt.entity_id IN (SELECT ${rows.alias}.id FROM ${rows.from} WHERE ${rows.condition})` : sql``
      }`
    : sql`${onNode} AND ${tokenFilterCondition(registry, actors, filter)}`;
  const summed = stored ? summedOnNode(registry, actors, nodeId, filter, stored) : undefined;
  return defineList({
    ...(summed ? { stored: summed } : {}),
    name: 'workflow-tokens',
    from: sql`workflow_tokens wt LEFT JOIN users wc ON wc.id = wt.creator_id`,
    countFrom: sql`workflow_tokens wt`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`wt.id`, kind: 'id', label: 'ID' },
      version: { sql: sql`wt.version`, kind: 'number', label: 'Version', hiddenInCsv: true },
      entityName: { sql: sql`wt.entity_name`, kind: 'enum', label: 'Objet' },
      entityId: { sql: sql`wt.entity_id`, kind: 'id', label: 'Identifiant' },
      label: { sql: labelColumn(registry), kind: 'text', label: 'Élément' },
      creatorName: { sql: sql`wc.name`, kind: 'text', label: 'Créateur', joined: true },
      createdAt: { sql: sql`wt.created_at`, kind: 'date', label: 'Créé le' },
      updatedAt: { sql: sql`wt.updated_at`, kind: 'date', label: "Arrivé à l'étape le" },
      lastComment: {
        sql: sql`(SELECT h.comment FROM workflow_token_history h WHERE h.token_id = wt.id ORDER BY h.id DESC LIMIT 1)`,
        kind: 'text',
        label: 'Dernier commentaire',
      },
      ...kindColumns,
    },
    defaultSort: { column: 'id', direction: 'desc' },
    where,
    sortPrefix: sql`wt.node_id`,
  });
}

/**
 * How many tokens of a node each filter keeps: the node screen opens on My tasks only when there are some.
 * For a kind that stores its current node, counted on the items' rows on the node (an index of the stored
 * node); the same statement is run once when two filters give it (the administrator's three counts).
 */
export async function nodeTokenCounts(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodeId: number,
  entity?: string,
) {
  const stored = storedKind(registry, entity);
  const statementOf = (filter: WorkflowFilter): SQL => {
    const summed = stored ? summedOnNode(registry, actors, nodeId, filter, stored) : undefined;
    if (summed) {
      return sql`SELECT coalesce(sum(${summed.count}), 0)::int AS total FROM ${summed.from} WHERE ${summed.where(null)}`;
    }
    const rows = stored ? storedRowsOnNode(registry, actors, nodeId, filter, stored) : undefined;
    return rows
      ? sql`SELECT count(*)::int AS total FROM ${rows.from} WHERE ${rows.where}`
      : sql`SELECT count(*)::int AS total FROM workflow_tokens wt WHERE wt.node_id = ${nodeId} AND ${tokenFilterCondition(registry, actors, filter)}`;
  };
  const runs = new Map<string, Promise<number>>();
  const countOf = (filter: WorkflowFilter): Promise<number> => {
    const statement = statementOf(filter);
    const key = statementKey(statement);
    let run = runs.get(key);
    if (!run) {
      run = rowsOf<{ total: number }>(db, statement).then((rows) => Number(rows[0]?.total ?? 0));
      runs.set(key, run);
    }
    return run;
  };
  const [all, canDo, haveToDo] = await Promise.all((['all', 'canDo', 'haveToDo'] as const).map(countOf));
  return { all: all ?? 0, canDo: canDo ?? 0, haveToDo: haveToDo ?? 0 };
}

/**
 * Tokens per node of a workflow in the caller's scope (the flowchart's counts). A workflow whose kind sums
 * its rows ahead per node and scope key (`row.summary`: orders, attachments) reads those few rows, its
 * nodes' rows in the caller's scope, instead of counting every token with a scope subquery each (on the
 * bench, about a million tokens; docs/performance.md "Flowchart counts"); the others count their tokens.
 */
export async function workflowNodeCounts(
  db: Database,
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  workflow: { id: number; objectName: string },
  nodeIds: readonly number[],
) {
  const summary = registry.kind(workflow.objectName)?.row?.summary;
  const self = actors[0]?.principal;
  if (summary && self) {
    const read = summaryRows(summary, [{ principal: self }]);
    const scope = read.scope(self);
    const rows = await rowsOf<{ node_id: number; total: string }>(
      db,
      sql`SELECT ${summary.node} AS node_id, sum(${summary.count})::bigint::text AS total FROM ${read.from}
        WHERE ${nodeIn(summary.node, nodeIds)}${scope ? sql` AND ${scope}` : sql``} GROUP BY 1`,
    );
    return new Map(rows.filter((row) => Number(row.total) !== 0).map((row) => [Number(row.node_id), Number(row.total)]));
  }
  const result = (await db.execute(
    sql`SELECT wt.node_id, count(*)::int AS total FROM workflow_tokens wt WHERE wt.workflow_id = ${workflow.id} AND ${tokenFilterCondition(
      registry,
      actors,
      'all',
    )} GROUP BY wt.node_id`,
  )) as unknown as { rows: { node_id: number; total: number }[] };
  return new Map(result.rows.map((row) => [Number(row.node_id), Number(row.total)]));
}

/**
 * Whether the caller (or a delegator) must move an item forward now, over every workflow: one `EXISTS` per
 * kind, stopping at the first item, on the item's own row and its stored node for a kind that keeps it
 * (counting the 2 million tokens of the bench took 10.7 s; docs/performance.md, issue 14).
 */
export async function hasMyActions(db: Database, registry: WorkflowRegistry, actors: ResolvedActor[]): Promise<boolean> {
  if (actors.every((actor) => actor.nodes.forward.length === 0)) {
    return false;
  }
  for (const kind of registry.kinds()) {
    const stored = storedNodeRow(kind);
    const condition = stored
      ? rowFilterCondition(registry, actors, 'haveToDo', kind.entity, stored)
      : tokenFilterCondition(registry, actors, 'haveToDo', undefined, kind.entity);
    const rows = await rowsOf<{ found: boolean }>(
      db,
      stored
        ? sql`SELECT EXISTS (SELECT 1 FROM ${stored.from} WHERE ${condition}) AS found`
        : sql`SELECT EXISTS (SELECT 1 FROM workflow_tokens wt WHERE wt.entity_name = ${kind.entity} AND ${condition}) AS found`,
    );
    if (rows[0]?.found === true) {
      return true;
    }
  }
  return false;
}
