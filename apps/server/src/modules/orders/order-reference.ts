import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { markets, orders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/**
 * The next order reference of a market, in the creation transaction: `<edifice>-<year>-<sequence>`,
 * the sequence counting the market's orders of the year on 5 digits (e.g. `EDF-001-2026-00042`).
 * The market row is locked first, so two concurrent creations on one market take turns and never
 * share a number; a unique index on (market, year, sequence) guards it too.
 */
export async function nextOrderReference(
  tx: Database,
  marketId: number,
  now: Date = new Date(),
): Promise<{ reference: string; referenceYear: number; referenceSequence: number }> {
  const [market] = await tx.select({ edifice: markets.edifice }).from(markets).where(eq(markets.id, marketId)).for('update');
  if (!market) {
    throw notFound();
  }
  const referenceYear = now.getUTCFullYear();
  const [last] = await tx
    .select({ max: sql<number | null>`max(${orders.referenceSequence})` })
    .from(orders)
    .where(and(eq(orders.marketId, marketId), eq(orders.referenceYear, referenceYear)));
  const referenceSequence = Number(last?.max ?? 0) + 1;
  return {
    reference: `${market.edifice}-${referenceYear}-${String(referenceSequence).padStart(5, '0')}`,
    referenceYear,
    referenceSequence,
  };
}
