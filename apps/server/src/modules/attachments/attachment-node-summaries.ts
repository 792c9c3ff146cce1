import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../platform/sql-rows.js';

/**
 * The attachments summed per current node (0 while none) and their order's project and agency
 * (`attachment_node_summaries`, migration 0046, docs/decisions.md "Node summaries"): what the attachments
 * list's unfiltered count and totals read. Statement triggers on `attachments` and on the orders' project and
 * agency keep it; writes that skip triggers (the bench generator) are followed by `refreshAttachmentNodeSummaries`.
 */
export const attachmentNodeSummariesSql = sql`SELECT coalesce(att.wf_node_id, 0) AS node_id, o.project_id, o.agency_id,
    count(*)::bigint AS attachments, sum(att.amount) AS amount, sum(att.rg) AS rg, sum(att.deposit_used) AS deposit_used
  FROM attachments att JOIN orders o ON o.id = att.order_id GROUP BY 1, 2, 3`;

const columns = sql.raw('node_id, project_id, agency_id, attachments, amount, rg, deposit_used');
const asText = sql.raw(
  'node_id::text AS node_id, project_id::text AS project_id, agency_id::text AS agency_id, attachments::text AS attachments, amount::numeric::text AS amount, rg::numeric::text AS rg, deposit_used::numeric::text AS deposit_used',
);
const keyOrder = sql.raw('node_id, project_id, agency_id');

type Row = Record<string, string>;

/** The stored summaries with attachments and the recomputed ones, by key (numeric texts): equal when kept. */
export async function attachmentNodeSummaries(db: Database): Promise<{ stored: Row[]; recomputed: Row[] }> {
  return {
    stored: await rowsOf<Row>(
      db,
      sql`SELECT ${asText} FROM attachment_node_summaries WHERE attachments <> 0 ORDER BY ${keyOrder}`,
    ),
    recomputed: await rowsOf<Row>(db, sql`SELECT ${asText} FROM (${attachmentNodeSummariesSql}) s ORDER BY ${keyOrder}`),
  };
}

/** Rebuilds the summaries from the attachments (data written with the triggers off); attachment writes wait meanwhile. */
export async function refreshAttachmentNodeSummaries(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE attachments IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM attachment_node_summaries`);
    await tx.execute(
      sql`INSERT INTO attachment_node_summaries (${columns}) SELECT ${columns} FROM (${attachmentNodeSummariesSql}) s`,
    );
    // rolled up again from the summaries: their triggers do not run with the triggers off (migration 0058)
    await tx.execute(sql`DELETE FROM attachment_node_rollups`);
    await tx.execute(sql`INSERT INTO attachment_node_rollups (node_id, stripe, attachments, amount, rg, deposit_used)
      SELECT node_id, project_id % 16, sum(attachments), sum(amount), sum(rg), sum(deposit_used) FROM attachment_node_summaries
      GROUP BY 1, 2 ORDER BY 1, 2`);
    // and per user over the user's projects (migration 0059)
    await tx.execute(sql`DELETE FROM attachment_node_user_rollups`);
    await tx.execute(sql`INSERT INTO attachment_node_user_rollups (user_id, node_id, attachments, amount, rg, deposit_used)
      SELECT up.user_id, s.node_id, sum(s.attachments), sum(s.amount), sum(s.rg), sum(s.deposit_used)
      FROM attachment_node_summaries s JOIN user_projects up ON up.project_id = s.project_id
      GROUP BY 1, 2 ORDER BY 1, 2`);
  });
}
