import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * Rebuilds the stored OD rows (`budget_od_rows`, docs/decisions.md "Budget OD rows") from every statement
 * link, as migration 0047 backfilled them: for data written with the triggers off (the bench generator's bulk
 * inserts under `session_replication_role = replica`), and to repair them. Link and line writes wait meanwhile.
 * Written in date order, as the app appends them: a month's rows then lie on a few hundred pages, which the
 * count and totals of one month read (docs/performance.md "Budget screens on 1,000,000 orders").
 */
export async function refreshBudgetOdRows(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE monthly_statement_attachments, attachment_lines IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM budget_od_rows`);
    await tx.execute(sql`INSERT INTO budget_od_rows (id, statement_id, statement_date, market_id, attachment_id, type_id, amount)
      SELECT min(al.id), ms.id, ms.date, ms.market_id, msa.attachment_id, pr.type_id, sum(al.total)::numeric(18, 2)
      FROM monthly_statement_attachments msa
      JOIN monthly_statements ms ON ms.id = msa.statement_id
      JOIN attachment_lines al ON al.attachment_id = msa.attachment_id
      JOIN prestations pr ON pr.id = al.prestation_id
      GROUP BY ms.id, msa.attachment_id, pr.type_id
      ORDER BY ms.date, min(al.id)`);
  });
  await db.execute(sql`ANALYZE budget_od_rows`);
}
