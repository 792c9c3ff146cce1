import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../platform/sql-rows.js';

/**
 * The orders summed per market, project, agency and the warranty screens' three conditions
 * (`order_summaries`, docs/decisions.md "Order summaries"): their count and the sums of their stored
 * figures, which the warranty lists' count and totals read instead of every order. Statement triggers on
 * `orders` keep them (migration 0042): each write of orders adds the new rows' figures and takes off the
 * old ones, whatever module writes them; a trigger on `deposits` keeps `orders.deposit_paid` the same way.
 * Writes that skip triggers (the bench generator's bulk inserts under `session_replication_role =
 * replica`) are followed by `refreshOrderSummaries`, which rebuilds both.
 */
export const ORDER_SUMMARY_KEYS = ['market_id', 'project_id', 'agency_id', 'holds_rg', 'in_erp', 'dated'] as const;

/**
 * The warranty (RG) figures each order stores (`orders.rg_held` …, docs/decisions.md "Stored RG figures"):
 * the attachments module computes them from the order's validated attachments (`refreshOrderFigures`), its
 * summaries sum them.
 */
export const ORDER_RG_FIGURES = [
  'rg_held',
  'rg_deposit_used',
  'rg_released',
  'rg_unreleased',
  'rg_unreleased_dated',
  'rg_released_on_deposit',
] as const;

export const ORDER_SUMMARY_FIGURES = ['orders', 'total', ...ORDER_RG_FIGURES, 'deposit_paid'] as const;

const columns = sql.raw([...ORDER_SUMMARY_KEYS, ...ORDER_SUMMARY_FIGURES].join(', '));

/** The summaries computed from the orders as they stand (what the triggers keep), one row per key. */
export function orderSummariesSql(condition: SQL = sql`TRUE`): SQL {
  return sql`SELECT o.market_id, o.project_id, o.agency_id, o.rg_held > 0 AS holds_rg, o.oracle_id IS NOT NULL AS in_erp,
      (o.release_date IS NOT NULL OR o.delivery_date IS NOT NULL) AS dated,
      count(*)::bigint AS orders, sum(o.total) AS total,
      ${sql.raw(ORDER_RG_FIGURES.map((name) => `sum(o.${name}) AS ${name}`).join(', '))},
      sum(o.deposit_paid) AS deposit_paid
    FROM orders o WHERE ${condition}
    GROUP BY 1, 2, 3, 4, 5, 6`;
}

/** The deposits paid for each order, as `orders.deposit_paid` stores them. */
const depositsPaidSql = sql`SELECT order_id, sum(amount) AS amount FROM deposits WHERE order_id IS NOT NULL GROUP BY order_id`;

type SummaryRow = Record<(typeof ORDER_SUMMARY_KEYS)[number] | (typeof ORDER_SUMMARY_FIGURES)[number], string>;

const asText = sql.raw(
  [
    ...ORDER_SUMMARY_KEYS.map((name) => `${name}::text AS ${name}`),
    ...ORDER_SUMMARY_FIGURES.map((name) => `${name}::numeric::text AS ${name}`),
  ].join(', '),
);
const keyOrder = sql.raw(ORDER_SUMMARY_KEYS.join(', '));

/** The stored summaries with orders (numeric texts), by key: what a check compares with `recomputedOrderSummaries`. */
export async function storedOrderSummaries(db: Database): Promise<SummaryRow[]> {
  return rowsOf<SummaryRow>(db, sql`SELECT ${asText} FROM order_summaries WHERE orders <> 0 ORDER BY ${keyOrder}`);
}

/** The summaries recomputed from the orders (numeric texts), by key. */
export async function recomputedOrderSummaries(db: Database): Promise<SummaryRow[]> {
  return rowsOf<SummaryRow>(db, sql`SELECT ${asText} FROM (${orderSummariesSql()}) s ORDER BY ${keyOrder}`);
}

/** Orders whose stored `deposit_paid` differs from the sum of their deposits (none when kept). */
export async function depositPaidMismatches(db: Database): Promise<{ id: number; stored: string; recomputed: string }[]> {
  return rowsOf(
    db,
    sql`SELECT o.id, o.deposit_paid::text AS stored, coalesce(d.amount, 0)::numeric(18, 2)::text AS recomputed
      FROM orders o LEFT JOIN (${depositsPaidSql}) d ON d.order_id = o.id
      WHERE o.deposit_paid <> coalesce(d.amount, 0) ORDER BY o.id`,
  );
}

/**
 * Rebuilds `orders.deposit_paid`, `order_summaries` and `order_node_summaries` from the deposits and the orders (data written with
 * the triggers off: the bench generator; and to repair them). Order writes wait meanwhile (SHARE lock).
 */
export async function refreshOrderSummaries(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE orders, deposits IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`UPDATE orders o SET deposit_paid = 0
      WHERE o.deposit_paid <> 0 AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.order_id = o.id)`);
    await tx.execute(sql`UPDATE orders o SET deposit_paid = d.amount FROM (${depositsPaidSql}) d
      WHERE o.id = d.order_id AND o.deposit_paid <> d.amount`);
    await tx.execute(sql`DELETE FROM order_summaries`);
    await tx.execute(sql`INSERT INTO order_summaries (${columns}) SELECT ${columns} FROM (${orderSummariesSql()}) s`);
    await tx.execute(sql`DELETE FROM order_node_summaries`);
    await tx.execute(
      sql`INSERT INTO order_node_summaries (${nodeColumns}) SELECT ${nodeColumns} FROM (${orderNodeSummariesSql}) s`,
    );
    // rolled up again from the summaries: their triggers do not run with the triggers off (migration 0058)
    await tx.execute(sql`DELETE FROM order_node_rollups`);
    await tx.execute(sql`INSERT INTO order_node_rollups (node_id, stripe, orders, total, total_ttc)
      SELECT node_id, project_id % 16, sum(orders), sum(total), sum(total_ttc) FROM order_node_summaries
      GROUP BY 1, 2 ORDER BY 1, 2`);
    // and per user over the user's projects (migration 0059)
    await tx.execute(sql`DELETE FROM order_node_user_rollups`);
    await tx.execute(sql`INSERT INTO order_node_user_rollups (user_id, node_id, orders, total, total_ttc)
      SELECT up.user_id, s.node_id, sum(s.orders), sum(s.total), sum(s.total_ttc)
      FROM order_node_summaries s JOIN user_projects up ON up.project_id = s.project_id
      GROUP BY 1, 2 ORDER BY 1, 2`);
  });
}

/**
 * The orders summed per current node, project and agency (`order_node_summaries`, migration 0046: the
 * dashboard's running amount and the orders list's unfiltered totals), computed from the orders as they stand.
 */
export const orderNodeSummariesSql = sql`SELECT coalesce(o.wf_node_id, 0) AS node_id, o.project_id, o.agency_id,
    count(*)::bigint AS orders, sum(o.total) AS total, sum(o.total_ttc) AS total_ttc
  FROM orders o GROUP BY 1, 2, 3`;
const nodeColumns = sql.raw('node_id, project_id, agency_id, orders, total, total_ttc');
const nodeAsText = sql.raw(
  'node_id::text AS node_id, project_id::text AS project_id, agency_id::text AS agency_id, orders::text AS orders, total::numeric::text AS total, total_ttc::numeric::text AS total_ttc',
);

/** The stored node summaries with orders and the recomputed ones, by key (numeric texts): equal when kept. */
export async function orderNodeSummaries(db: Database): Promise<{ stored: Row[]; recomputed: Row[] }> {
  const order = sql.raw('node_id, project_id, agency_id');
  return {
    stored: await rowsOf<Row>(db, sql`SELECT ${nodeAsText} FROM order_node_summaries WHERE orders <> 0 ORDER BY ${order}`),
    recomputed: await rowsOf<Row>(db, sql`SELECT ${nodeAsText} FROM (${orderNodeSummariesSql}) s ORDER BY ${order}`),
  };
}

type Row = Record<string, string>;
