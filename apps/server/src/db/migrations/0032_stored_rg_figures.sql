-- idempotent (IF NOT EXISTS): the bench database may hold these columns already (docs/performance.md)
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rg_held" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rg_deposit_used" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rg_released" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rg_unreleased" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rg_unreleased_dated" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "rg_released_on_deposit" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- the figures of the orders as they stand (attachments/order-figures.ts computes the same), before the index
UPDATE "orders" o SET "rg_held" = f.rg_held, "rg_deposit_used" = f.rg_deposit_used, "rg_released" = f.rg_released,
  "rg_unreleased" = f.rg_unreleased, "rg_unreleased_dated" = f.rg_unreleased_dated,
  "rg_released_on_deposit" = f.rg_released_on_deposit
FROM (
  SELECT att.order_id, sum(att.rg) AS rg_held, sum(att.deposit_used) AS rg_deposit_used,
    coalesce(sum(r.amount), 0) AS rg_released,
    coalesce(sum(att.rg) FILTER (WHERE r.amount IS NULL), 0) AS rg_unreleased,
    coalesce(sum(att.rg) FILTER (WHERE r.amount IS NULL AND att.rg_release_date IS NOT NULL), 0) AS rg_unreleased_dated,
    coalesce(sum(r.amount) FILTER (WHERE att.deposit_used > 0), 0) AS rg_released_on_deposit
  FROM attachments att
  JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = att.id
  JOIN workflow_nodes n ON n.id = t.node_id
  LEFT JOIN monthly_statement_rg_releases r ON r.attachment_id = att.id
  WHERE n.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
  GROUP BY att.order_id
) f
WHERE o.id = f.order_id;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_rg_held_idx" ON "orders" USING btree ("id") WHERE "orders"."rg_held" > 0;