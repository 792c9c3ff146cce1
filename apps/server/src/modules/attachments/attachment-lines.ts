import {
  ATTACHMENT_LINE_DUPLICATE_MESSAGE,
  ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE,
  type AttachmentLineInput,
  isZeroDecimal,
  type MarketDepositType,
  normalizeQuantity,
} from '@isf/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachmentLines, attachments, orderLines, prestationPrices } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { inBatches, type PricedLineChange, updatePricedLines } from '../../platform/line-batches.js';
import { assertFitsMoney } from '../../platform/money-limits.js';
import { attachmentAmount, attachmentLineTotal, retentionOf } from './attachment-amounts.js';

export type AttachmentTarget = { id: number; orderId: number; bpuId: number };

/**
 * Applies line changes to an attachment in the caller's transaction: a non-zero quantity creates or
 * updates the prestation's line; zero on an existing line removes it; a new zero line is ignored. A new
 * line takes the order line's unit price, or the BPU's for a prestation the order does not hold. A
 * prestation appears once per attachment. Every change is checked first (the first faulty one refuses
 * them all), then written set by set, a statement per LINE_BATCH_ROWS lines (an import brings up to
 * 20,000). `errorAt` names the input line in a refusal.
 */
export async function applyAttachmentLines(
  tx: Database,
  attachment: AttachmentTarget,
  changes: readonly AttachmentLineInput[],
  errorAt: (index: number) => string = () => '',
): Promise<void> {
  const duplicate = (index: number) =>
    badRequest(`${errorAt(index)}${ATTACHMENT_LINE_DUPLICATE_MESSAGE}`, {
      prestationAttachements: ATTACHMENT_LINE_DUPLICATE_MESSAGE,
    });
  const seen = new Set<number>();
  changes.forEach((change, index) => {
    if (seen.has(change.prestation)) {
      throw duplicate(index);
    }
    seen.add(change.prestation);
  });
  // a new line of quantity zero is no change
  const relevant = (change: AttachmentLineInput) => change.id !== null || !isZeroDecimal(change.quantity);
  const prices = new Map<number, string>();
  for (const batch of inBatches(changes.filter(relevant).map((change) => change.prestation))) {
    const bpuPrices = await tx
      .select({ prestation: prestationPrices.prestationId, cost: prestationPrices.cost })
      .from(prestationPrices)
      .where(and(eq(prestationPrices.bpuId, attachment.bpuId), inArray(prestationPrices.prestationId, batch)));
    const ordered = await tx
      .select({ prestation: orderLines.prestationId, unitPrice: orderLines.unitPrice })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, attachment.orderId), inArray(orderLines.prestationId, batch)));
    for (const row of bpuPrices) {
      prices.set(row.prestation, row.cost);
    }
    // the order's price comes before the BPU's
    for (const row of ordered) {
      prices.set(row.prestation, row.unitPrice);
    }
  }
  const existing = new Map(
    (
      await tx
        .select({ id: attachmentLines.id, prestation: attachmentLines.prestationId, unitPrice: attachmentLines.unitPrice })
        .from(attachmentLines)
        .where(eq(attachmentLines.attachmentId, attachment.id))
    ).map((row) => [row.prestation, row] as const),
  );
  const removed: number[] = [];
  const added: (typeof attachmentLines.$inferInsert)[] = [];
  const changed: PricedLineChange[] = [];
  for (const [index, change] of changes.entries()) {
    if (!relevant(change)) {
      continue;
    }
    const line = existing.get(change.prestation);
    if (change.id !== null && change.id !== line?.id) {
      throw notFound();
    }
    if (change.id === null && line !== undefined) {
      throw duplicate(index);
    }
    if (isZeroDecimal(change.quantity)) {
      removed.push(change.id as number);
      continue;
    }
    // an existing line keeps the price it was attached at
    const unitPrice = line?.unitPrice ?? prices.get(change.prestation);
    if (unitPrice === undefined) {
      throw badRequest(`${errorAt(index)}${ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE}`, {
        prestationAttachements: ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE,
      });
    }
    const quantity = normalizeQuantity(change.quantity);
    const total = assertFitsMoney(
      attachmentLineTotal(unitPrice, quantity),
      'Le montant de la ligne',
      'prestationAttachements',
      errorAt(index),
    );
    if (line === undefined) {
      added.push({ attachmentId: attachment.id, prestationId: change.prestation, unitPrice, quantity, total });
    } else {
      changed.push({ id: line.id, unitPrice, quantity, total });
    }
  }
  for (const batch of inBatches(removed)) {
    await tx.delete(attachmentLines).where(inArray(attachmentLines.id, batch));
  }
  await updatePricedLines(tx, attachmentLines, changed);
  for (const batch of inBatches(added)) {
    await tx.insert(attachmentLines).values(batch);
  }
}

type RetentionRow = {
  marketType: MarketDepositType;
  orderType: MarketDepositType | null;
  rgRate: string | null;
  threshold: string | null;
  orderTotal: string;
};

/**
 * Stores the attachment's amount (the sum of its rounded lines) and its RG under the market's retention
 * rules as they stand now (attachment-amounts.ts).
 */
export async function recomputeAttachmentAmounts(tx: Database, attachmentId: number): Promise<void> {
  const lines = await tx
    .select({ total: attachmentLines.total })
    .from(attachmentLines)
    .where(eq(attachmentLines.attachmentId, attachmentId));
  const amount = assertFitsMoney(
    attachmentAmount(lines.map((line) => line.total)),
    'Le montant de l’attachement',
    'prestationAttachements',
  );
  const [facts] = (
    (await tx.execute(sql`SELECT m.deposit_type AS "marketType", o.deposit_type AS "orderType",
        m.rg_rate::text AS "rgRate", m.threshold::text AS "threshold", o.total::text AS "orderTotal"
      FROM attachments att JOIN orders o ON o.id = att.order_id JOIN markets m ON m.id = o.market_id
      WHERE att.id = ${attachmentId}`)) as unknown as { rows: RetentionRow[] }
  ).rows;
  if (!facts) {
    throw notFound();
  }
  const retention = retentionOf(amount, facts);
  await tx.update(attachments).set({ amount, rg: retention.rg, rgRate: retention.rate }).where(eq(attachments.id, attachmentId));
}
