CREATE TABLE "market_figures" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"amount_paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_in_statement" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_not_invoiced" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_ordered" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dc4_paid" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dc4_in_statement" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dc4_not_invoiced" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ordered_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_figures" ADD CONSTRAINT "market_figures_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the DC4 figures of the orders as they stand (attachments/order-figures.ts, orders/market-figures.ts compute the same)
UPDATE "orders" o SET "dc4_paid" = f.dc4_paid, "dc4_in_statement" = f.dc4_in_statement, "dc4_not_invoiced" = f.dc4_not_invoiced
FROM (
  SELECT att.order_id,
    coalesce(sum(att.amount) FILTER (WHERE ms.paid_at IS NOT NULL), 0) AS dc4_paid,
    coalesce(sum(att.amount) FILTER (WHERE ms.id IS NOT NULL AND ms.paid_at IS NULL), 0) AS dc4_in_statement,
    coalesce(sum(att.amount) FILTER (WHERE ms.id IS NULL), 0) AS dc4_not_invoiced
  FROM attachments att
  JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = att.id
  JOIN workflow_nodes n ON n.id = t.node_id
  LEFT JOIN monthly_statement_attachments msa ON msa.attachment_id = att.id
  LEFT JOIN monthly_statements ms ON ms.id = msa.statement_id
  WHERE n.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
  GROUP BY att.order_id
) f
WHERE o.id = f.order_id;--> statement-breakpoint
UPDATE "orders" o SET "ordered_amount" = o.total
FROM workflow_tokens t JOIN workflow_nodes n ON n.id = t.node_id
WHERE t.entity_name = 'order' AND t.entity_id = o.id AND n.code IN ('os_validated', 'os_closed') AND o.total <> 0;--> statement-breakpoint
INSERT INTO "market_figures" ("market_id", "amount_paid", "amount_in_statement", "amount_not_invoiced", "amount_ordered")
SELECT o.market_id, sum(o.dc4_paid), sum(o.dc4_in_statement), sum(o.dc4_not_invoiced), sum(o.ordered_amount)
FROM orders o GROUP BY o.market_id;
