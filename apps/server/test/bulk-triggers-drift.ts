import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { statementSummaries } from '../src/modules/monthly-statements/index.js';
import { rowsOf } from '../src/platform/sql-rows.js';

/**
 * The drift of the figures the statement triggers keep, for `bulk-triggers.property.test.ts`: each stored
 * figure, summary and roll-up against its recomputation from the rows, and `none`, the drift when all agree.
 */

/** The rows of one query missing from the other, tagged by side (none expected). */
async function difference(db: Database, stored: SQL, expected: SQL) {
  return rowsOf<Record<string, unknown>>(
    db,
    sql`WITH s AS (${stored}), e AS (${expected})
      SELECT 'stored only' AS side, x.* FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM e) x
      UNION ALL SELECT 'recomputed only', y.* FROM (SELECT * FROM e EXCEPT ALL SELECT * FROM s) y
      ORDER BY 1, 2, 3, 4`,
  );
}

/** Every stored figure against its recomputation from the rows; empty when they agree. */
export async function drift(db: Database) {
  const orderSummaries = await difference(
    db,
    sql`SELECT market_id, project_id, agency_id, holds_rg, in_erp, dated, orders, total::numeric(20, 2), rg_held::numeric(20, 2),
        rg_deposit_used::numeric(20, 2), rg_released::numeric(20, 2), rg_unreleased::numeric(20, 2),
        rg_unreleased_dated::numeric(20, 2), rg_released_on_deposit::numeric(20, 2), deposit_paid::numeric(20, 2)
      FROM order_summaries
      WHERE orders <> 0 OR total <> 0 OR rg_held <> 0 OR rg_deposit_used <> 0 OR rg_released <> 0 OR rg_unreleased <> 0
        OR rg_unreleased_dated <> 0 OR rg_released_on_deposit <> 0 OR deposit_paid <> 0`,
    sql`SELECT o.market_id, o.project_id, o.agency_id, o.rg_held > 0, o.oracle_id IS NOT NULL,
        (o.release_date IS NOT NULL OR o.delivery_date IS NOT NULL), count(*), sum(o.total)::numeric(20, 2),
        sum(o.rg_held)::numeric(20, 2), sum(o.rg_deposit_used)::numeric(20, 2), sum(o.rg_released)::numeric(20, 2),
        sum(o.rg_unreleased)::numeric(20, 2), sum(o.rg_unreleased_dated)::numeric(20, 2),
        sum(o.rg_released_on_deposit)::numeric(20, 2), sum(o.deposit_paid)::numeric(20, 2)
      FROM orders o GROUP BY 1, 2, 3, 4, 5, 6`,
  );
  const orderNodes = await difference(
    db,
    sql`SELECT node_id, project_id, agency_id, orders, total::numeric(20, 2), total_ttc::numeric(20, 2)
      FROM order_node_summaries WHERE orders <> 0 OR total <> 0 OR total_ttc <> 0`,
    sql`SELECT coalesce(o.wf_node_id, 0), o.project_id, o.agency_id, count(*), sum(o.total)::numeric(20, 2),
        sum(o.total_ttc)::numeric(20, 2)
      FROM orders o GROUP BY 1, 2, 3`,
  );
  const attachmentNodes = await difference(
    db,
    sql`SELECT node_id, project_id, agency_id, attachments, amount::numeric(20, 2), rg::numeric(20, 2), deposit_used::numeric(20, 2)
      FROM attachment_node_summaries WHERE attachments <> 0 OR amount <> 0 OR rg <> 0 OR deposit_used <> 0`,
    sql`SELECT coalesce(att.wf_node_id, 0), o.project_id, o.agency_id, count(*), sum(att.amount)::numeric(20, 2),
        sum(att.rg)::numeric(20, 2), sum(att.deposit_used)::numeric(20, 2)
      FROM attachments att JOIN orders o ON o.id = att.order_id GROUP BY 1, 2, 3`,
  );
  const groups = sql`SELECT min(q.line_key) AS id, q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id,
      q.prestation_id, q.unit_price, sum(q.quantity_ordered)::numeric(16, 1) AS quantity_ordered,
      sum(q.quantity_done)::numeric(16, 1) AS quantity_done, sum(q.amount_ordered)::numeric(18, 2) AS amount_ordered,
      sum(q.amount_done)::numeric(18, 2) AS amount_done
    FROM (
      SELECT ol.id::bigint * 2 AS line_key, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
        ol.prestation_id, ol.unit_price, ol.quantity AS quantity_ordered, 0::numeric AS quantity_done,
        ol.total AS amount_ordered, 0::numeric AS amount_done
      FROM order_lines ol JOIN orders o ON o.id = ol.order_id
      JOIN workflow_tokens otk ON otk.entity_name = 'order' AND otk.entity_id = o.id
      JOIN workflow_nodes onode ON onode.id = otk.node_id AND onode.code IN ('os_validated', 'os_closed')
      UNION ALL
      SELECT al.id::bigint * 2 + 1, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
        al.prestation_id, al.unit_price, 0::numeric, al.quantity, 0::numeric, al.total
      FROM attachment_lines al JOIN attachments att ON att.id = al.attachment_id JOIN orders o ON o.id = att.order_id
      JOIN workflow_tokens awt ON awt.entity_name = 'attachement' AND awt.entity_id = att.id
      JOIN workflow_nodes awn ON awn.id = awt.node_id AND awn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
    ) q
    GROUP BY q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price`;
  const quantities = await difference(
    db,
    sql`SELECT id, project_id, market_id, imputation_id, oscar_subproject_id, prestation_id, unit_price, quantity_ordered,
        quantity_done, amount_ordered, amount_done FROM market_quantities`,
    groups,
  );
  const quantityTotals = await difference(
    db,
    sql`SELECT market_id, groups, amount_ordered, amount_done FROM market_quantity_totals
      WHERE groups <> 0 OR amount_ordered <> 0 OR amount_done <> 0`,
    sql`SELECT g.market_id, count(*)::bigint, sum(g.amount_ordered)::numeric(18, 2), sum(g.amount_done)::numeric(18, 2)
      FROM (${groups}) g GROUP BY g.market_id`,
  );
  const budgetOd = await difference(
    db,
    sql`SELECT id, statement_id, statement_date, market_id, attachment_id, type_id, amount FROM budget_od_rows`,
    sql`SELECT min(al.id), ms.id, ms.date, ms.market_id, msa.attachment_id, pr.type_id, sum(al.total)::numeric(18, 2)
      FROM monthly_statement_attachments msa
      JOIN monthly_statements ms ON ms.id = msa.statement_id
      JOIN attachment_lines al ON al.attachment_id = msa.attachment_id
      JOIN prestations pr ON pr.id = al.prestation_id
      GROUP BY ms.id, msa.attachment_id, pr.type_id`,
  );
  // each statement's invoiced sums (0041, 0056) and released RG (0055), then the summaries per market
  const statementFigures = await difference(
    db,
    sql`SELECT id, attachment_count, attachment_amount, attachment_rg, attachment_deposit_used, rg_released FROM monthly_statements`,
    sql`SELECT s.id, (SELECT count(*)::int FROM monthly_statement_attachments msa WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(att.amount), 0)::numeric(14, 2) FROM monthly_statement_attachments msa
          JOIN attachments att ON att.id = msa.attachment_id WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(att.rg), 0)::numeric(14, 2) FROM monthly_statement_attachments msa
          JOIN attachments att ON att.id = msa.attachment_id WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(att.deposit_used), 0)::numeric(14, 2) FROM monthly_statement_attachments msa
          JOIN attachments att ON att.id = msa.attachment_id WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(r.amount), 0)::numeric(14, 2) FROM monthly_statement_rg_releases r WHERE r.statement_id = s.id)
      FROM monthly_statements s`,
  );
  // the node summaries rolled up per node and stripe of projects (0058), against the rows themselves
  const orderRollUps = await difference(
    db,
    sql`SELECT node_id, stripe, orders, total::numeric(20, 2), total_ttc::numeric(20, 2)
      FROM order_node_rollups WHERE orders <> 0 OR total <> 0 OR total_ttc <> 0`,
    sql`SELECT coalesce(o.wf_node_id, 0), o.project_id % 16, count(*), sum(o.total)::numeric(20, 2), sum(o.total_ttc)::numeric(20, 2)
      FROM orders o GROUP BY 1, 2`,
  );
  const attachmentRollUps = await difference(
    db,
    sql`SELECT node_id, stripe, attachments, amount::numeric(20, 2), rg::numeric(20, 2), deposit_used::numeric(20, 2)
      FROM attachment_node_rollups WHERE attachments <> 0 OR amount <> 0 OR rg <> 0 OR deposit_used <> 0`,
    sql`SELECT coalesce(att.wf_node_id, 0), o.project_id % 16, count(*), sum(att.amount)::numeric(20, 2),
        sum(att.rg)::numeric(20, 2), sum(att.deposit_used)::numeric(20, 2)
      FROM attachments att JOIN orders o ON o.id = att.order_id GROUP BY 1, 2`,
  );
  // and per user over the user's projects (0059)
  const orderUserRollUps = await difference(
    db,
    sql`SELECT user_id, node_id, orders, total::numeric(20, 2), total_ttc::numeric(20, 2)
      FROM order_node_user_rollups WHERE orders <> 0 OR total <> 0 OR total_ttc <> 0`,
    sql`SELECT up.user_id, coalesce(o.wf_node_id, 0), count(*), sum(o.total)::numeric(20, 2), sum(o.total_ttc)::numeric(20, 2)
      FROM orders o JOIN user_projects up ON up.project_id = o.project_id GROUP BY 1, 2`,
  );
  const attachmentUserRollUps = await difference(
    db,
    sql`SELECT user_id, node_id, attachments, amount::numeric(20, 2), rg::numeric(20, 2), deposit_used::numeric(20, 2)
      FROM attachment_node_user_rollups WHERE attachments <> 0 OR amount <> 0 OR rg <> 0 OR deposit_used <> 0`,
    sql`SELECT up.user_id, coalesce(att.wf_node_id, 0), count(*), sum(att.amount)::numeric(20, 2),
        sum(att.rg)::numeric(20, 2), sum(att.deposit_used)::numeric(20, 2)
      FROM attachments att JOIN orders o ON o.id = att.order_id JOIN user_projects up ON up.project_id = o.project_id
      GROUP BY 1, 2`,
  );
  const summaries = await statementSummaries(db);
  const statementSummaryDrift = JSON.stringify(summaries.stored) === JSON.stringify(summaries.recomputed) ? [] : [summaries];
  return {
    orderSummaries,
    orderNodes,
    attachmentNodes,
    orderRollUps,
    attachmentRollUps,
    orderUserRollUps,
    attachmentUserRollUps,
    quantities,
    quantityTotals,
    budgetOd,
    statementFigures,
    statementSummaries: statementSummaryDrift,
  };
}

export const none = {
  orderSummaries: [],
  orderNodes: [],
  attachmentNodes: [],
  orderRollUps: [],
  attachmentRollUps: [],
  orderUserRollUps: [],
  attachmentUserRollUps: [],
  quantities: [],
  quantityTotals: [],
  budgetOd: [],
  statementFigures: [],
  statementSummaries: [],
};
