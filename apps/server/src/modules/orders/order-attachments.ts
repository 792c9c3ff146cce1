import { ATTACHMENT_ENTITY, ATTACHMENT_VALIDATED_NODES } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { itemsAtNodesSql } from '../workflow/index.js';

/** An order's attachments `a` (their order `o`) as work items, for `itemsAtNodesSql`. */
export const ORDER_ATTACHMENT_ITEMS = {
  rows: sql`attachments a JOIN orders o ON o.id = a.order_id`,
  entity: ATTACHMENT_ENTITY,
  entityId: sql`a.id`,
};

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
      ${itemsAtNodesSql(ORDER_ATTACHMENT_ITEMS, ATTACHMENT_VALIDATED_NODES, sql`o.id = ${orderId}`)}`,
  )) as unknown as { rows: { invoiced: string }[] };
  return result.rows[0]?.invoiced ?? '0.00';
}
