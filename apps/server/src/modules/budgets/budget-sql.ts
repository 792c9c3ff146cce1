import { ATTACHMENT_ENTITY, BUDGET_ORDERED_NODES } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { ATTACHMENT_VALIDATED_NODES_SQL } from '../attachments/index.js';
import { ORDER_ENTITY } from '../orders/index.js';
import { nodeCodesSql } from '../workflow/index.js';

const ORDERED_NODES_SQL = nodeCodesSql(BUDGET_ORDERED_NODES);

/** Whether the attachment `att` stands on a validated node (spec 2 §4: validated, prepared, paid). */
export function attachmentValidatedSql(attachment: string): SQL {
  return sql`EXISTS (SELECT 1 FROM workflow_tokens awt JOIN workflow_nodes awn ON awn.id = awt.node_id
    WHERE awt.entity_name = ${ATTACHMENT_ENTITY} AND awt.entity_id = ${sql.raw(attachment)}.id
      AND awn.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}))`;
}

/** Whether the order `o` counts as ordered: it stands on a validated or closed node (docs/money.md). */
export function orderOrderedSql(order: string): SQL {
  return sql`EXISTS (SELECT 1 FROM workflow_tokens otk JOIN workflow_nodes onode ON onode.id = otk.node_id
    WHERE otk.entity_name = ${ORDER_ENTITY} AND otk.entity_id = ${sql.raw(order)}.id
      AND onode.code IN (${ORDERED_NODES_SQL}))`;
}
