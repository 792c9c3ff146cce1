import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachments, orders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/**
 * The next attachment reference of an order, in the creation transaction: `<order reference>-A<sequence>`,
 * the sequence counting the order's attachments on 3 digits (e.g. `EDF-001-2026-00042-A003`), so an
 * attachment names its order and its rank. The order row is locked first, so two concurrent creations
 * on one order take turns; a unique index on (order, sequence) guards it too.
 */
export async function nextAttachmentReference(
  tx: Database,
  orderId: number,
): Promise<{ reference: string; referenceSequence: number }> {
  const [order] = await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) {
    throw notFound();
  }
  const [last] = await tx
    .select({ max: sql<number | null>`max(${attachments.referenceSequence})` })
    .from(attachments)
    .where(eq(attachments.orderId, orderId));
  const referenceSequence = Number(last?.max ?? 0) + 1;
  return { reference: `${order.reference}-A${String(referenceSequence).padStart(3, '0')}`, referenceSequence };
}
