import type { WorkflowFilter } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { type ResolvedActor, tokenFilterCondition, type WorkflowRegistry } from '../src/modules/workflow/index.js';
import { defineList, type ListDefinition } from '../src/platform/list-engine.js';
import { rowsOf } from '../src/platform/sql-rows.js';

/**
 * The node screen's token list and counts as they were before issue 14's node screen work (kept as the
 * oracle of `workflow-node-screen.oracle.test.ts`): the tokens of the node, each kind's scope through a
 * subquery on the item's table, every kind OR-ed, sorted by the token id alone.
 */
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

export function formerNodeTokenList(
  registry: WorkflowRegistry,
  actors: ResolvedActor[],
  nodeId: number,
  filter: WorkflowFilter,
  entity?: string,
): ListDefinition {
  const kindColumns = entity === undefined ? {} : (registry.kind(entity)?.columns?.(sql`wt.entity_id`) ?? {});
  return defineList({
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
    where: sql`wt.node_id = ${nodeId} AND ${tokenFilterCondition(registry, actors, filter)}`,
  });
}

async function countOf(db: Database, condition: SQL): Promise<number> {
  const rows = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM workflow_tokens wt WHERE ${condition}`);
  return Number(rows[0]?.total ?? 0);
}

export async function formerNodeTokenCounts(db: Database, registry: WorkflowRegistry, actors: ResolvedActor[], nodeId: number) {
  const onNode = sql`wt.node_id = ${nodeId}`;
  const [all, canDo, haveToDo] = await Promise.all(
    (['all', 'canDo', 'haveToDo'] as const).map((filter) =>
      countOf(db, sql`${onNode} AND ${tokenFilterCondition(registry, actors, filter)}`),
    ),
  );
  return { all: all ?? 0, canDo: canDo ?? 0, haveToDo: haveToDo ?? 0 };
}
