import { ORDER_DRAFT_NODE } from '@isf/contract';
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

/**
 * Whether money has moved on the market, which freezes its VAT regime (docs/decisions.md "Figures frozen
 * once they count"): an order of the market left its draft node (a person submitted or validated its
 * figures; attachments exist only past it), or a monthly statement of the market exists.
 */
export async function moneyHasMoved(db: Database, marketId: number): Promise<boolean> {
  const result = (await db.execute(sql`SELECT (EXISTS (SELECT 1 FROM orders o
      JOIN workflow_tokens wt ON wt.entity_name = 'order' AND wt.entity_id = o.id
      JOIN workflow_nodes wn ON wn.id = wt.node_id
      WHERE o.market_id = ${marketId} AND wn.code <> ${ORDER_DRAFT_NODE})
    OR EXISTS (SELECT 1 FROM monthly_statements s WHERE s.market_id = ${marketId})) AS "moved"`)) as unknown as {
    rows: { moved: boolean }[];
  };
  return Boolean(result.rows[0]?.moved);
}
