import {
  isZeroDecimal,
  lineTotal,
  normalizeQuantity,
  ORDER_LINE_DUPLICATE_MESSAGE,
  ORDER_LINE_UNKNOWN_PRESTATION_MESSAGE,
  type OrderLineInput,
  orderTotal,
  totalWithVat,
} from '@isf/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { markets, orderLines, orders, prestationPrices } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { inBatches, type PricedLineChange, updatePricedLines } from '../../platform/line-batches.js';
import { assertFitsMoney } from '../../platform/money-limits.js';
import { refreshOrderedAmounts } from './market-figures.js';

/**
 * Applies line changes to an order in the caller's transaction: a non-zero quantity creates or updates
 * the prestation's line at the BPU's current price; a zero quantity on an existing line removes it;
 * a new zero line is ignored. A prestation appears once per order. Every change is checked first (the
 * first faulty one refuses them all), then written set by set, a statement per LINE_BATCH_ROWS lines
 * (an import brings up to 20,000). Then the stored totals are recomputed (the sum of the rounded
 * lines). `errorAt` names the input line in a refusal.
 */
export async function applyLines(
  tx: Database,
  order: { id: number; bpuId: number },
  changes: readonly OrderLineInput[],
  errorAt: (index: number) => string = () => '',
): Promise<void> {
  const duplicate = (index: number) =>
    badRequest(`${errorAt(index)}${ORDER_LINE_DUPLICATE_MESSAGE}`, { prestationOSs: ORDER_LINE_DUPLICATE_MESSAGE });
  const seen = new Set<number>();
  changes.forEach((change, index) => {
    if (seen.has(change.prestation)) {
      throw duplicate(index);
    }
    seen.add(change.prestation);
  });
  // a new line of quantity zero is no change
  const relevant = (change: OrderLineInput) => change.id !== null || !isZeroDecimal(change.quantity);
  const prices = new Map<number, string>();
  for (const batch of inBatches(changes.filter(relevant).map((change) => change.prestation))) {
    const rows = await tx
      .select({ prestation: prestationPrices.prestationId, cost: prestationPrices.cost })
      .from(prestationPrices)
      .where(and(eq(prestationPrices.bpuId, order.bpuId), inArray(prestationPrices.prestationId, batch)));
    for (const row of rows) {
      prices.set(row.prestation, row.cost);
    }
  }
  const existing = new Map(
    (
      await tx
        .select({ id: orderLines.id, prestation: orderLines.prestationId })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
    ).map((row) => [row.prestation, row.id] as const),
  );
  const removed: number[] = [];
  const added: (typeof orderLines.$inferInsert)[] = [];
  const changed: PricedLineChange[] = [];
  for (const [index, change] of changes.entries()) {
    if (!relevant(change)) {
      continue;
    }
    const lineId = existing.get(change.prestation);
    if (change.id !== null && change.id !== lineId) {
      throw notFound();
    }
    if (change.id === null && lineId !== undefined) {
      throw duplicate(index);
    }
    if (isZeroDecimal(change.quantity)) {
      removed.push(change.id as number);
      continue;
    }
    const unitPrice = prices.get(change.prestation);
    if (unitPrice === undefined) {
      throw badRequest(`${errorAt(index)}${ORDER_LINE_UNKNOWN_PRESTATION_MESSAGE}`, {
        prestationOSs: ORDER_LINE_UNKNOWN_PRESTATION_MESSAGE,
      });
    }
    const quantity = normalizeQuantity(change.quantity);
    const total = assertFitsMoney(lineTotal(unitPrice, quantity), 'Le montant de la ligne', 'prestationOSs', errorAt(index));
    if (lineId === undefined) {
      added.push({ orderId: order.id, prestationId: change.prestation, unitPrice, quantity, total });
    } else {
      changed.push({ id: lineId, unitPrice, quantity, total });
    }
  }
  for (const batch of inBatches(removed)) {
    await tx.delete(orderLines).where(inArray(orderLines.id, batch));
  }
  await updatePricedLines(tx, orderLines, changed);
  for (const batch of inBatches(added)) {
    await tx.insert(orderLines).values(batch);
  }
  await recomputeTotals(tx, order.id);
}

/**
 * Stores the order's total (sum of the rounded lines) and its total with the market's VAT, then its
 * ordered amount and its market's DC4 figures (`market-figures.ts`).
 */
export async function recomputeTotals(tx: Database, orderId: number): Promise<void> {
  const lines = await tx.select({ total: orderLines.total }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const total = assertFitsMoney(orderTotal(lines.map((line) => line.total)), 'Le total de la commande', 'prestationOSs');
  const [market] = await tx
    .select({ tva: markets.tva })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .where(eq(orders.id, orderId));
  await tx
    .update(orders)
    .set({
      total,
      totalTtc: assertFitsMoney(totalWithVat(total, market?.tva ?? 'basic'), 'Le total TTC de la commande', 'prestationOSs'),
    })
    .where(eq(orders.id, orderId));
  await refreshOrderedAmounts(tx, [orderId]);
}

/** The market's VAT regime changed (only while no money moved): its orders' stored totals follow it. */
export async function recomputeMarketOrderTotals(tx: Database, marketId: number): Promise<void> {
  const orderRows = await tx.select({ id: orders.id }).from(orders).where(eq(orders.marketId, marketId)).orderBy(asc(orders.id));
  for (const order of orderRows) {
    await recomputeTotals(tx, order.id);
  }
}
