import { BUDGET_ORDERED_NODES } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idList, referencedIds } from '../../platform/sql-rows.js';
import { nodeCodesSql } from '../workflow/index.js';
import { refreshOrderSummaries } from './order-summaries.js';
import { ORDER_ENTITY } from './orders.lists.js';

/**
 * The DC4 figures stored per market (`market_figures`, docs/decisions.md "Stored market figures"): the
 * sums of its orders' stored figures, the attachment ones (`orders.dc4_*`, kept by the attachments
 * module's `refreshOrderFigures`) and the ordered amount (`orders.ordered_amount`, kept here: the order's
 * total while it stands on os_validated or os_closed). Each write that changes an order's figure
 * refreshes its market in its transaction: the orders' rows are locked first, the market's row then,
 * always in that order, and the sums are read in a later statement (a second writer waits and reads what
 * the first committed).
 */
const ORDERED_NODES_SQL = nodeCodesSql(BUDGET_ORDERED_NODES);

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((left, right) => left - right);

/** The sums of the orders kept by `condition` (on `o`), per market. */
export function marketSumsSql(condition: SQL): SQL {
  return sql`SELECT o.market_id,
      coalesce(sum(o.dc4_paid), 0) AS amount_paid,
      coalesce(sum(o.dc4_in_statement), 0) AS amount_in_statement,
      coalesce(sum(o.dc4_not_invoiced), 0) AS amount_not_invoiced,
      coalesce(sum(o.ordered_amount), 0) AS amount_ordered
    FROM orders o WHERE ${condition} GROUP BY o.market_id`;
}

const SUMS = ['amount_paid', 'amount_in_statement', 'amount_not_invoiced', 'amount_ordered'] as const;
const sumColumns = sql.raw(SUMS.join(', '));

/** Recomputes and stores the figures of these markets from their orders (the caller holds the orders' locks). */
export async function refreshMarketFigures(tx: Database, marketIds: readonly number[]): Promise<void> {
  const ids = sorted(marketIds);
  if (ids.length === 0) {
    return;
  }
  await tx.execute(sql`INSERT INTO market_figures (market_id) SELECT id FROM markets WHERE id IN (${idList(ids)})
    ON CONFLICT (market_id) DO NOTHING`);
  await tx.execute(sql`SELECT market_id FROM market_figures WHERE market_id IN (${idList(ids)}) ORDER BY market_id FOR UPDATE`);
  await tx.execute(sql`UPDATE market_figures mf SET (${sumColumns}) = (
      SELECT ${sql.raw(SUMS.map((name) => `coalesce(sum(s.${name}), 0)`).join(', '))}
      FROM (${marketSumsSql(sql`o.market_id = mf.market_id`)}) s
    )
    WHERE mf.market_id IN (${idList(ids)})`);
}

/** `refreshMarketFigures` for the markets of these orders. */
export async function refreshMarketFiguresOfOrders(tx: Database, orderIds: readonly number[]): Promise<void> {
  await refreshMarketFigures(tx, await referencedIds(tx, 'orders', 'market_id', orderIds));
}

/** The order's ordered amount: its total while its token stands on os_validated or os_closed, else 0. */
const orderedAmountSql = sql`CASE WHEN EXISTS (SELECT 1 FROM workflow_tokens ordered_token
    JOIN workflow_nodes ordered_node ON ordered_node.id = ordered_token.node_id
    WHERE ordered_token.entity_name = ${ORDER_ENTITY} AND ordered_token.entity_id = o.id
      AND ordered_node.code IN (${ORDERED_NODES_SQL})) THEN o.total ELSE 0 END`;

/**
 * Stores the ordered amount of these orders, then their markets' figures: after a move of the order's
 * token (the order workflow's post-action) and after its total is stored (`recomputeTotals`).
 */
export async function refreshOrderedAmounts(tx: Database, orderIds: readonly number[]): Promise<void> {
  const ids = sorted(orderIds);
  if (ids.length === 0) {
    return;
  }
  await tx.execute(sql`SELECT id FROM orders WHERE id IN (${idList(ids)}) ORDER BY id FOR NO KEY UPDATE`);
  await tx.execute(sql`UPDATE orders o SET ordered_amount = ${orderedAmountSql}
    WHERE o.id IN (${idList(ids)}) AND o.ordered_amount IS DISTINCT FROM ${orderedAmountSql}`);
  await refreshMarketFiguresOfOrders(tx, ids);
}

/** The ordered amounts, the market figures and the order summaries recomputed from scratch (data written outside the app: bench, seed, repair). */
export async function refreshEveryMarketFigures(db: Database): Promise<void> {
  await db.execute(
    sql`UPDATE orders o SET ordered_amount = ${orderedAmountSql} WHERE o.ordered_amount IS DISTINCT FROM ${orderedAmountSql}`,
  );
  await db.execute(sql`DELETE FROM market_figures`);
  await db.execute(sql`INSERT INTO market_figures (market_id, ${sumColumns})
    SELECT market_id, ${sumColumns} FROM (${marketSumsSql(sql`TRUE`)}) s`);
  // the warranty summaries too: the data written outside the app may have skipped their triggers
  await refreshOrderSummaries(db);
}
