import { type SQL, sql } from 'drizzle-orm';

/** Workflow node codes as the items of a SQL `IN (…)`. */
export function nodeCodesSql(codes: readonly string[]): SQL {
  return sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  );
}

/**
 * The FROM clause of the rows (`rows`, a FROM item) whose work item (`entity`, id `entityId`) stands at one
 * of these nodes and that meet the condition, to count or sum them in a subquery.
 */
export function itemsAtNodesSql(
  item: { rows: SQL; entity: string; entityId: SQL },
  codes: readonly string[],
  condition: SQL,
): SQL {
  return sql`FROM ${item.rows}
    JOIN workflow_tokens at_token ON at_token.entity_name = ${item.entity} AND at_token.entity_id = ${item.entityId}
    JOIN workflow_nodes at_node ON at_node.id = at_token.node_id
    WHERE at_node.code IN (${nodeCodesSql(codes)}) AND ${condition}`;
}
