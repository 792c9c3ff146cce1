import { ATTACHMENT_ENTITY, ATTACHMENT_VALIDATED_NODES } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** Workflow node codes as the items of a SQL `IN (…)`. */
export function nodeCodesSql(codes: readonly string[]): SQL {
  return sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  );
}

/** The nodes at which an attachment counts as validated (spec 2 §4), for a SQL `IN (…)`. */
export const ATTACHMENT_VALIDATED_NODES_SQL = nodeCodesSql(ATTACHMENT_VALIDATED_NODES);

/**
 * The FROM clause of the attachments `a` at these nodes whose order `o` meets the condition (SQL on `o`),
 * to count or sum them in a subquery.
 */
export function attachmentsAtNodesSql(codes: readonly string[], orderCondition: SQL): SQL {
  return sql`FROM attachments a JOIN orders o ON o.id = a.order_id
    JOIN workflow_tokens at_token ON at_token.entity_name = ${ATTACHMENT_ENTITY} AND at_token.entity_id = a.id
    JOIN workflow_nodes at_node ON at_node.id = at_token.node_id
    WHERE at_node.code IN (${nodeCodesSql(codes)}) AND ${orderCondition}`;
}

/**
 * When the order's last attachment was made (GET /order/{id} `lastAttachment`): the client warns before
 * attaching the same order again within 30 days (spec 2 §5).
 */
export async function lastAttachmentOf(db: Database, orderId: number): Promise<{ createdAt: string } | null> {
  const result = (await db.execute(
    sql`SELECT max(created_at) AS "createdAt" FROM attachments WHERE order_id = ${orderId}`,
  )) as unknown as { rows: { createdAt: string | Date | null }[] };
  const createdAt = result.rows[0]?.createdAt;
  return createdAt ? { createdAt: new Date(createdAt).toISOString() } : null;
}

/**
 * What is already invoiced on the order (GET /order/{id} `alreadyInvoiced`): the sum of the amounts of
 * its validated attachments (validated, prepared for payment or paid), a decimal string.
 */
export async function invoicedAmountOf(db: Database, orderId: number): Promise<string> {
  const result = (await db.execute(
    sql`SELECT coalesce(sum(a.amount), 0)::numeric(14, 2)::text AS "invoiced"
      ${attachmentsAtNodesSql(ATTACHMENT_VALIDATED_NODES, sql`o.id = ${orderId}`)}`,
  )) as unknown as { rows: { invoiced: string }[] };
  return result.rows[0]?.invoiced ?? '0.00';
}
