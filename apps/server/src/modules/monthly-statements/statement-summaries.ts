import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../platform/sql-rows.js';

/**
 * The statements summed per market (`statement_summaries`, migration 0055, docs/decisions.md "Statement
 * summaries"): what the statement list's unfiltered count and totals read. Statement triggers on
 * `monthly_statements` keep it, from the figures stored on each statement (its invoiced sums, migration 0041,
 * and its released RG, 0055, both kept by the triggers of the links); writes that skip triggers (the bench
 * generator) are followed by `refreshStatementSummaries`.
 */

/** Each statement's figures from its links, as the list summed them before they were stored (the oracle). */
const figuresFromLinks = sql`SELECT s.id, s.market_id, t.count, t.amount, t.rg, t.used, rel.released
  FROM monthly_statements s
  LEFT JOIN LATERAL (SELECT count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
      coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
    FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
    WHERE msa.statement_id = s.id) t ON TRUE
  LEFT JOIN LATERAL (SELECT coalesce(sum(r.amount), 0)::numeric(14, 2) AS released
    FROM monthly_statement_rg_releases r WHERE r.statement_id = s.id) rel ON TRUE`;

/** The summaries recomputed from the statements' links and their market's VAT, one row per market with statements. */
const recomputedSql = sql`SELECT f.market_id, count(*)::bigint AS statements, sum(f.amount) AS amount, sum(f.rg) AS rg,
    sum(f.used) AS deposit_used, sum(f.released) AS rg_released,
    sum(statement_ttc(f.amount, f.rg, f.used, f.released, m.tva)) AS ttc
  FROM (${figuresFromLinks}) f JOIN markets m ON m.id = f.market_id
  GROUP BY f.market_id`;

const columns = sql.raw('market_id, statements, amount, rg, deposit_used, rg_released, ttc');
const asText = sql.raw(
  'market_id::text AS market_id, statements::text AS statements, amount::numeric(20, 2)::text AS amount, rg::numeric(20, 2)::text AS rg, deposit_used::numeric(20, 2)::text AS deposit_used, rg_released::numeric(20, 2)::text AS rg_released, ttc::numeric(20, 2)::text AS ttc',
);

type Row = Record<string, string>;

/** The stored summaries with statements and the recomputed ones, by market (numeric texts): equal when kept. */
export async function statementSummaries(db: Database): Promise<{ stored: Row[]; recomputed: Row[] }> {
  return {
    stored: await rowsOf<Row>(db, sql`SELECT ${asText} FROM statement_summaries WHERE statements <> 0 ORDER BY market_id`),
    recomputed: await rowsOf<Row>(db, sql`SELECT ${asText} FROM (${recomputedSql}) s ORDER BY market_id`),
  };
}

/**
 * Rebuilds what the triggers keep for the statements, after writes that skipped them (the bench generator's
 * inserts under `session_replication_role = replica`): each statement's stored figures where they differ from
 * its links, then the summaries from the statements. Statement and link writes wait meanwhile.
 */
export async function refreshStatementSummaries(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE monthly_statements IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`UPDATE monthly_statements s
      SET attachment_count = f.count, attachment_amount = f.amount, attachment_rg = f.rg, attachment_deposit_used = f.used,
        rg_released = f.released
      FROM (${figuresFromLinks}) f
      WHERE s.id = f.id AND (s.attachment_count, s.attachment_amount, s.attachment_rg, s.attachment_deposit_used, s.rg_released)
        IS DISTINCT FROM (f.count, f.amount, f.rg, f.used, f.released)`);
    await tx.execute(sql`DELETE FROM statement_summaries`);
    await tx.execute(sql`INSERT INTO statement_summaries (${columns}) SELECT ${columns} FROM (${recomputedSql}) s`);
  });
}
