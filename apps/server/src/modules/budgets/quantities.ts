import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * Rebuilds the stored quantitatives (`market_quantities` and their per-market totals, docs/decisions.md
 * "Market quantities") from every line, with the grouping of migration 0047's backfill (migration 0052's
 * `market_quantities_rebuild()`): for data written with the triggers off (the bench generator's bulk inserts
 * under `session_replication_role = replica`), and to repair them. Line and token writes wait meanwhile.
 */
export async function refreshMarketQuantities(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE order_lines, attachment_lines, workflow_tokens IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`SELECT market_quantities_rebuild()`);
  });
  await db.execute(sql`ANALYZE market_quantities`);
  await db.execute(sql`ANALYZE market_quantity_totals`);
}
