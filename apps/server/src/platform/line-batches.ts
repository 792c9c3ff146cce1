import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/**
 * Rows per statement when a whole file of lines is written (the order and attachment imports): a few
 * thousand bind parameters, far below PostgreSQL's 65,535, and no statement per line.
 */
export const LINE_BATCH_ROWS = 1_000;

export function inBatches<T>(items: readonly T[], size = LINE_BATCH_ROWS): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

/** A priced line's new figures (decimal strings). */
export type PricedLineChange = { id: number; unitPrice: string; quantity: string; total: string };

/**
 * Updates priced lines (`unit_price`, `quantity`, `total` of a table with the versioned columns) by id,
 * LINE_BATCH_ROWS lines per statement, each line's version moved as a single update would.
 */
export async function updatePricedLines(tx: Database, table: PgTable, lines: readonly PricedLineChange[]): Promise<void> {
  for (const batch of inBatches(lines)) {
    const values: SQL[] = batch.map(
      (line) => sql`(${line.id}::integer, ${line.unitPrice}::numeric, ${line.quantity}::numeric, ${line.total}::numeric)`,
    );
    await tx.execute(sql`UPDATE ${table} AS line
      SET unit_price = changed.unit_price, quantity = changed.quantity, total = changed.total,
        version = line.version + 1, updated_at = now()
      FROM (VALUES ${sql.join(values, sql`, `)}) AS changed (id, unit_price, quantity, total)
      WHERE line.id = changed.id`);
  }
}
