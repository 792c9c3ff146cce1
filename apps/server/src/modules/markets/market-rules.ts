import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * The market's service orders in progress: every order whose workflow token is not on a closed,
 * canceled or abandoned node (an order without token counts as in progress).
 */
export async function countOrdersInProgress(db: Database, marketId: number): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS "count" FROM orders o
    LEFT JOIN workflow_tokens wt ON wt.entity_name = 'order' AND wt.entity_id = o.id
    LEFT JOIN workflow_nodes wn ON wn.id = wt.node_id
    WHERE o.market_id = ${marketId} AND (wn.code IS NULL OR wn.code NOT IN ('os_closed', 'os_canceled', 'os_abandoned'))`)) as unknown as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Whether a market may be deactivated (spec 2 §4: offered only when active and `canBeDeactivated`).
 * Our rule: an active market with no service order in progress (`countOrdersInProgress`).
 */
export function canBeDeactivated(market: { active: boolean; ordersInProgress: number }): boolean {
  return market.active && market.ordersInProgress === 0;
}
