import { ATTACHMENT_ENTITY } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idList, referencedIds, rowsOf } from '../../platform/sql-rows.js';
import {
  ORDER_RG_FIGURES,
  refreshEveryMarketFigures,
  refreshMarketFigures,
  refreshMarketFiguresOfOrders,
} from '../orders/index.js';
import { refreshAttachmentNodeSummaries } from './attachment-node-summaries.js';
import { ATTACHMENT_VALIDATED_NODES_SQL } from './attachment-nodes.js';
import { releasedRgSql } from './attachment-rg-release.js';

/**
 * The warranty figures stored on each order (`orders.rg_held` …, docs/decisions.md "Stored RG figures"),
 * over its attachments standing on a validated node: the RG held, the deposits consumed, the RG released
 * (the amount a statement's release records, `releasedRgSql`), the RG not released (all of it, and that of
 * the attachments with a release date of their own, so that the list tells "to release" from the order's
 * dates without storing them), the RG released of attachments that consumed a deposit; and the DC4
 * figures (docs/money.md "Budgets"): their amounts invoiced in a paid statement, in an unpaid one, in
 * none, whose sums per market the orders module stores (`refreshMarketFigures`).
 *
 * Every write that changes one of them calls `refreshOrderFigures` in its own transaction, after its
 * last change: the attachment workflow's post-action (entering or leaving the validated nodes), a change
 * of an attachment's lines, RG release date or deletion, a statement recording or removing an RG release,
 * invoicing an attachment or giving it back, paid or unpaid, generated or deleted. The refresh locks the orders' rows first and recomputes in a later statement, so of
 * two transactions refreshing the same order the second waits and reads what the first committed.
 */
const FIGURES = [...ORDER_RG_FIGURES, 'dc4_paid', 'dc4_in_statement', 'dc4_not_invoiced'] as const;

const figureColumns = sql.raw(FIGURES.map((name) => `"${name}"`).join(', '));

/** The figures of the validated attachments kept by `condition` (on `att`), one row per order. */
function figuresOf(condition: SQL): SQL {
  return sql`SELECT att.order_id,
      coalesce(sum(att.rg), 0) AS rg_held,
      coalesce(sum(att.deposit_used), 0) AS rg_deposit_used,
      coalesce(sum(x.released), 0) AS rg_released,
      coalesce(sum(att.rg) FILTER (WHERE x.released IS NULL), 0) AS rg_unreleased,
      coalesce(sum(att.rg) FILTER (WHERE x.released IS NULL AND att.rg_release_date IS NOT NULL), 0) AS rg_unreleased_dated,
      coalesce(sum(x.released) FILTER (WHERE att.deposit_used > 0), 0) AS rg_released_on_deposit,
      coalesce(sum(att.amount) FILTER (WHERE x.paid), 0) AS dc4_paid,
      coalesce(sum(att.amount) FILTER (WHERE NOT x.paid), 0) AS dc4_in_statement,
      coalesce(sum(att.amount) FILTER (WHERE x.paid IS NULL), 0) AS dc4_not_invoiced
    FROM attachments att
    JOIN workflow_tokens figure_token ON figure_token.entity_name = ${ATTACHMENT_ENTITY} AND figure_token.entity_id = att.id
    JOIN workflow_nodes figure_node ON figure_node.id = figure_token.node_id
    CROSS JOIN LATERAL (SELECT ${releasedRgSql('att')} AS released,
      (SELECT ms.paid_at IS NOT NULL FROM monthly_statement_attachments msa JOIN monthly_statements ms ON ms.id = msa.statement_id
        WHERE msa.attachment_id = att.id) AS paid) x
    WHERE figure_node.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}) AND ${condition}
    GROUP BY att.order_id`;
}

/** The figures recomputed from the attachments, as the refresh stores them (numeric texts), by order id. */
export async function recomputedOrderFigures(db: Database, orderIds: readonly number[]) {
  if (orderIds.length === 0) {
    return [];
  }
  return rowsOf<Record<(typeof FIGURES)[number], string> & { id: number }>(
    db,
    sql`SELECT o.id, ${sql.raw(FIGURES.map((name) => `coalesce(f.${name}, 0)::numeric(18, 2)::text AS ${name}`).join(', '))}
      FROM orders o LEFT JOIN (${figuresOf(sql`att.order_id IN (${idList(orderIds)})`)}) f ON f.order_id = o.id
      WHERE o.id IN (${idList(orderIds)}) ORDER BY o.id`,
  );
}

/** The figures as stored on the orders (numeric texts), by order id. */
export async function storedOrderFigures(db: Database, orderIds: readonly number[]) {
  if (orderIds.length === 0) {
    return [];
  }
  return rowsOf<Record<(typeof FIGURES)[number], string> & { id: number }>(
    db,
    sql`SELECT o.id, ${sql.raw(FIGURES.map((name) => `o.${name}::text AS ${name}`).join(', '))}
      FROM orders o WHERE o.id IN (${idList(orderIds)}) ORDER BY o.id`,
  );
}

/**
 * Recomputes and stores the figures of these orders, in the caller's transaction (see above); then those of
 * their markets — `marketIds` when the caller knows them (all the orders' markets), saving their look-up.
 */
export async function refreshOrderFigures(
  tx: Database,
  orderIds: readonly number[],
  marketIds?: readonly number[],
): Promise<void> {
  const ids = [...new Set(orderIds)].sort((left, right) => left - right);
  if (ids.length === 0) {
    return;
  }
  // the rows locked in id order (no deadlock between two refreshes), then the sums read in a new statement
  await tx.execute(sql`SELECT id FROM orders WHERE id IN (${idList(ids)}) ORDER BY id FOR NO KEY UPDATE`);
  await tx.execute(sql`UPDATE orders o SET (${figureColumns}) = (
      SELECT ${sql.raw(FIGURES.map((name) => `coalesce(sum(f.${name}), 0)`).join(', '))}
      FROM (${figuresOf(sql`att.order_id = o.id`)}) f
    )
    WHERE o.id IN (${idList(ids)})`);
  if (marketIds) {
    await refreshMarketFigures(tx, marketIds);
  } else {
    await refreshMarketFiguresOfOrders(tx, ids);
  }
}

/** `refreshOrderFigures` for the orders of these attachments. */
export async function refreshOrderFiguresOfAttachments(tx: Database, attachmentIds: readonly number[]): Promise<void> {
  await refreshOrderFigures(tx, await referencedIds(tx, 'attachments', 'order_id', attachmentIds));
}

/**
 * Recomputes the figures of every order, then every market's, in a few statements (the migration's
 * backfill, for data written outside the app: the bench generator, the demo seed; and to repair them).
 */
export async function refreshEveryOrderFigures(db: Database): Promise<void> {
  await db.execute(sql`UPDATE orders o SET (${figureColumns}) = (${sql.raw(FIGURES.map(() => '0').join(', '))})
    WHERE ${sql.raw(FIGURES.map((name) => `o.${name} <> 0`).join(' OR '))}`);
  await db.execute(sql`UPDATE orders o SET (${figureColumns}) = (
      ${sql.raw(FIGURES.map((name) => `f.${name}`).join(', '))})
    FROM (${figuresOf(sql`TRUE`)}) f WHERE f.order_id = o.id`);
  await refreshEveryMarketFigures(db);
  await refreshAttachmentNodeSummaries(db);
}
