-- The node summaries rolled up per node (issue 14): what an administrator, or anyone whose scope narrows nothing,
-- reads for the home dashboard's node counts and the orders and attachments lists' unfiltered count and totals
-- (All, My scope, My tasks). The summaries hold a row per node, project and agency (31,000 each on the bench
-- data, summed at every such request); their roll-ups a row per node and stripe of projects (`project_id % 16`),
-- a few hundred. The stripe spreads the writes: two moves from one node update one row only when their projects
-- share a stripe. Kept by statement triggers on the summaries, from their transition tables (rows added, rows
-- taken away: never joined), so every write that keeps the summaries keeps the roll-ups, their rebuilds included.
CREATE TABLE "order_node_rollups" (
  "node_id" integer NOT NULL,
  "stripe" integer NOT NULL,
  "orders" bigint NOT NULL,
  "total" numeric NOT NULL,
  "total_ttc" numeric NOT NULL,
  CONSTRAINT "order_node_rollups_pkey" PRIMARY KEY("node_id","stripe")
);--> statement-breakpoint
CREATE TABLE "attachment_node_rollups" (
  "node_id" integer NOT NULL,
  "stripe" integer NOT NULL,
  "attachments" bigint NOT NULL,
  "amount" numeric NOT NULL,
  "rg" numeric NOT NULL,
  "deposit_used" numeric NOT NULL,
  CONSTRAINT "attachment_node_rollups_pkey" PRIMARY KEY("node_id","stripe")
);--> statement-breakpoint
CREATE FUNCTION "order_node_rollups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN
    'SELECT node_id, project_id % 16 AS stripe, orders, total, total_ttc FROM new_rows' END;
  removed text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN
    'SELECT node_id, project_id % 16 AS stripe, -orders, -total, -total_ttc FROM old_rows' END;
BEGIN
  EXECUTE 'INSERT INTO order_node_rollups AS r (node_id, stripe, orders, total, total_ttc)
    SELECT node_id, stripe, sum(orders), sum(total), sum(total_ttc)
    FROM (' || concat_ws(' UNION ALL ', added, removed) || ') c (node_id, stripe, orders, total, total_ttc)
    GROUP BY node_id, stripe
    HAVING sum(orders) <> 0 OR sum(total) <> 0 OR sum(total_ttc) <> 0
    ORDER BY node_id, stripe
    ON CONFLICT (node_id, stripe) DO UPDATE SET orders = r.orders + excluded.orders, total = r.total + excluded.total,
      total_ttc = r.total_ttc + excluded.total_ttc';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "attachment_node_rollups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN
    'SELECT node_id, project_id % 16 AS stripe, attachments, amount, rg, deposit_used FROM new_rows' END;
  removed text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN
    'SELECT node_id, project_id % 16 AS stripe, -attachments, -amount, -rg, -deposit_used FROM old_rows' END;
BEGIN
  EXECUTE 'INSERT INTO attachment_node_rollups AS r (node_id, stripe, attachments, amount, rg, deposit_used)
    SELECT node_id, stripe, sum(attachments), sum(amount), sum(rg), sum(deposit_used)
    FROM (' || concat_ws(' UNION ALL ', added, removed) || ') c (node_id, stripe, attachments, amount, rg, deposit_used)
    GROUP BY node_id, stripe
    HAVING sum(attachments) <> 0 OR sum(amount) <> 0 OR sum(rg) <> 0 OR sum(deposit_used) <> 0
    ORDER BY node_id, stripe
    ON CONFLICT (node_id, stripe) DO UPDATE SET attachments = r.attachments + excluded.attachments,
      amount = r.amount + excluded.amount, rg = r.rg + excluded.rg, deposit_used = r.deposit_used + excluded.deposit_used';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_node_rollups_insert" AFTER INSERT ON "order_node_summaries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "order_node_rollups_update" AFTER UPDATE ON "order_node_summaries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "order_node_rollups_delete" AFTER DELETE ON "order_node_summaries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "attachment_node_rollups_insert" AFTER INSERT ON "attachment_node_summaries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "attachment_node_rollups_update" AFTER UPDATE ON "attachment_node_summaries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "attachment_node_rollups_delete" AFTER DELETE ON "attachment_node_summaries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_rollups_apply();--> statement-breakpoint
INSERT INTO order_node_rollups (node_id, stripe, orders, total, total_ttc)
  SELECT node_id, project_id % 16, sum(orders), sum(total), sum(total_ttc) FROM order_node_summaries
  GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
INSERT INTO attachment_node_rollups (node_id, stripe, attachments, amount, rg, deposit_used)
  SELECT node_id, project_id % 16, sum(attachments), sum(amount), sum(rg), sum(deposit_used) FROM attachment_node_summaries
  GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
ANALYZE order_node_rollups;--> statement-breakpoint
ANALYZE attachment_node_rollups;
