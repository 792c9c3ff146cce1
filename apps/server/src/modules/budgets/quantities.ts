import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * Rebuilds the stored quantitatives (`market_quantities` and their per-market totals, docs/decisions.md
 * "Market quantities") from every line, as migration 0047 backfilled them: for data written with the
 * triggers off (the bench generator's bulk inserts under `session_replication_role = replica`), and to repair
 * them. Line and token writes wait meanwhile.
 */
export async function refreshMarketQuantities(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE order_lines, attachment_lines, workflow_tokens IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM market_quantities`);
    await tx.execute(sql`DELETE FROM market_quantity_totals`);
    await tx.execute(sql`INSERT INTO market_quantities (id, project_id, market_id, imputation_id, oscar_subproject_id,
        prestation_id, unit_price, quantity_ordered, quantity_done, amount_ordered, amount_done)
      SELECT min(q.line_key), q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price,
        sum(q.quantity_ordered)::numeric(16, 1), sum(q.quantity_done)::numeric(16, 1),
        sum(q.amount_ordered)::numeric(18, 2), sum(q.amount_done)::numeric(18, 2)
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
        JOIN workflow_nodes awn ON awn.id = awt.node_id
          AND awn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
      ) q
      GROUP BY q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price
      ORDER BY 1`);
    await tx.execute(sql`INSERT INTO market_quantity_totals (market_id, groups, amount_ordered, amount_done)
      SELECT market_id, count(*), sum(amount_ordered), sum(amount_done) FROM market_quantities GROUP BY market_id`);
  });
  await db.execute(sql`ANALYZE market_quantities`);
  await db.execute(sql`ANALYZE market_quantity_totals`);
}
