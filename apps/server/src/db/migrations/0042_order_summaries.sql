CREATE TABLE "order_summaries" (
	"market_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"holds_rg" boolean NOT NULL,
	"in_erp" boolean NOT NULL,
	"dated" boolean NOT NULL,
	"orders" bigint NOT NULL,
	"total" numeric NOT NULL,
	"rg_held" numeric NOT NULL,
	"rg_deposit_used" numeric NOT NULL,
	"rg_released" numeric NOT NULL,
	"rg_unreleased" numeric NOT NULL,
	"rg_unreleased_dated" numeric NOT NULL,
	"rg_released_on_deposit" numeric NOT NULL,
	"deposit_paid" numeric NOT NULL,
	CONSTRAINT "order_summaries_pkey" PRIMARY KEY("market_id","project_id","agency_id","holds_rg","in_erp","dated")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_paid" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_rg_held_project_idx" ON "orders" USING btree ("project_id") WHERE "orders"."rg_held" > 0;--> statement-breakpoint
-- the deposits paid for each order, then the summaries of every order as they stand
UPDATE orders o SET deposit_paid = d.amount
FROM (SELECT order_id, sum(amount) AS amount FROM deposits WHERE order_id IS NOT NULL GROUP BY order_id) d
WHERE o.id = d.order_id AND d.amount <> 0;--> statement-breakpoint
INSERT INTO order_summaries (market_id, project_id, agency_id, holds_rg, in_erp, dated, orders, total, rg_held, rg_deposit_used, rg_released, rg_unreleased, rg_unreleased_dated, rg_released_on_deposit, deposit_paid)
SELECT o.market_id, o.project_id, o.agency_id, o.rg_held > 0, o.oracle_id IS NOT NULL, (o.release_date IS NOT NULL OR o.delivery_date IS NOT NULL),
  count(*), sum(o.total), sum(o.rg_held), sum(o.rg_deposit_used), sum(o.rg_released), sum(o.rg_unreleased), sum(o.rg_unreleased_dated), sum(o.rg_released_on_deposit), sum(o.deposit_paid)
FROM orders o
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- order_summaries kept by the writes of orders, whatever writes them (docs/decisions.md "Order summaries"):
-- each statement adds the new rows' figures and takes off the old rows' ones, per summary key
CREATE FUNCTION order_summaries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_summaries AS s (market_id, project_id, agency_id, holds_rg, in_erp, dated, orders, total, rg_held, rg_deposit_used, rg_released, rg_unreleased, rg_unreleased_dated, rg_released_on_deposit, deposit_paid)
    SELECT c.market_id, c.project_id, c.agency_id, c.rg_held > 0, c.oracle_id IS NOT NULL, (c.release_date IS NOT NULL OR c.delivery_date IS NOT NULL),
      sum(c.sign),
      sum(c.sign * c.total),
      sum(c.sign * c.rg_held),
      sum(c.sign * c.rg_deposit_used),
      sum(c.sign * c.rg_released),
      sum(c.sign * c.rg_unreleased),
      sum(c.sign * c.rg_unreleased_dated),
      sum(c.sign * c.rg_released_on_deposit),
      sum(c.sign * c.deposit_paid)
    FROM (SELECT 1 AS sign, n.* FROM new_rows n) c
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0 OR sum(c.sign * c.rg_held) <> 0 OR sum(c.sign * c.rg_deposit_used) <> 0 OR sum(c.sign * c.rg_released) <> 0 OR sum(c.sign * c.rg_unreleased) <> 0 OR sum(c.sign * c.rg_unreleased_dated) <> 0 OR sum(c.sign * c.rg_released_on_deposit) <> 0 OR sum(c.sign * c.deposit_paid) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (market_id, project_id, agency_id, holds_rg, in_erp, dated) DO UPDATE SET orders = s.orders + excluded.orders, total = s.total + excluded.total, rg_held = s.rg_held + excluded.rg_held, rg_deposit_used = s.rg_deposit_used + excluded.rg_deposit_used, rg_released = s.rg_released + excluded.rg_released, rg_unreleased = s.rg_unreleased + excluded.rg_unreleased, rg_unreleased_dated = s.rg_unreleased_dated + excluded.rg_unreleased_dated, rg_released_on_deposit = s.rg_released_on_deposit + excluded.rg_released_on_deposit, deposit_paid = s.deposit_paid + excluded.deposit_paid;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_summaries AS s (market_id, project_id, agency_id, holds_rg, in_erp, dated, orders, total, rg_held, rg_deposit_used, rg_released, rg_unreleased, rg_unreleased_dated, rg_released_on_deposit, deposit_paid)
    SELECT c.market_id, c.project_id, c.agency_id, c.rg_held > 0, c.oracle_id IS NOT NULL, (c.release_date IS NOT NULL OR c.delivery_date IS NOT NULL),
      sum(c.sign),
      sum(c.sign * c.total),
      sum(c.sign * c.rg_held),
      sum(c.sign * c.rg_deposit_used),
      sum(c.sign * c.rg_released),
      sum(c.sign * c.rg_unreleased),
      sum(c.sign * c.rg_unreleased_dated),
      sum(c.sign * c.rg_released_on_deposit),
      sum(c.sign * c.deposit_paid)
    FROM (SELECT -1 AS sign, o.* FROM old_rows o) c
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0 OR sum(c.sign * c.rg_held) <> 0 OR sum(c.sign * c.rg_deposit_used) <> 0 OR sum(c.sign * c.rg_released) <> 0 OR sum(c.sign * c.rg_unreleased) <> 0 OR sum(c.sign * c.rg_unreleased_dated) <> 0 OR sum(c.sign * c.rg_released_on_deposit) <> 0 OR sum(c.sign * c.deposit_paid) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (market_id, project_id, agency_id, holds_rg, in_erp, dated) DO UPDATE SET orders = s.orders + excluded.orders, total = s.total + excluded.total, rg_held = s.rg_held + excluded.rg_held, rg_deposit_used = s.rg_deposit_used + excluded.rg_deposit_used, rg_released = s.rg_released + excluded.rg_released, rg_unreleased = s.rg_unreleased + excluded.rg_unreleased, rg_unreleased_dated = s.rg_unreleased_dated + excluded.rg_unreleased_dated, rg_released_on_deposit = s.rg_released_on_deposit + excluded.rg_released_on_deposit, deposit_paid = s.deposit_paid + excluded.deposit_paid;
  ELSE
    INSERT INTO order_summaries AS s (market_id, project_id, agency_id, holds_rg, in_erp, dated, orders, total, rg_held, rg_deposit_used, rg_released, rg_unreleased, rg_unreleased_dated, rg_released_on_deposit, deposit_paid)
    SELECT c.market_id, c.project_id, c.agency_id, c.rg_held > 0, c.oracle_id IS NOT NULL, (c.release_date IS NOT NULL OR c.delivery_date IS NOT NULL),
      sum(c.sign),
      sum(c.sign * c.total),
      sum(c.sign * c.rg_held),
      sum(c.sign * c.rg_deposit_used),
      sum(c.sign * c.rg_released),
      sum(c.sign * c.rg_unreleased),
      sum(c.sign * c.rg_unreleased_dated),
      sum(c.sign * c.rg_released_on_deposit),
      sum(c.sign * c.deposit_paid)
    FROM (SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1 AS sign, o.* FROM old_rows o) c
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0 OR sum(c.sign * c.rg_held) <> 0 OR sum(c.sign * c.rg_deposit_used) <> 0 OR sum(c.sign * c.rg_released) <> 0 OR sum(c.sign * c.rg_unreleased) <> 0 OR sum(c.sign * c.rg_unreleased_dated) <> 0 OR sum(c.sign * c.rg_released_on_deposit) <> 0 OR sum(c.sign * c.deposit_paid) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (market_id, project_id, agency_id, holds_rg, in_erp, dated) DO UPDATE SET orders = s.orders + excluded.orders, total = s.total + excluded.total, rg_held = s.rg_held + excluded.rg_held, rg_deposit_used = s.rg_deposit_used + excluded.rg_deposit_used, rg_released = s.rg_released + excluded.rg_released, rg_unreleased = s.rg_unreleased + excluded.rg_unreleased, rg_unreleased_dated = s.rg_unreleased_dated + excluded.rg_unreleased_dated, rg_released_on_deposit = s.rg_released_on_deposit + excluded.rg_released_on_deposit, deposit_paid = s.deposit_paid + excluded.deposit_paid;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_summaries_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summaries_apply();--> statement-breakpoint
CREATE TRIGGER order_summaries_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summaries_apply();--> statement-breakpoint
CREATE TRIGGER order_summaries_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summaries_apply();--> statement-breakpoint
-- orders.deposit_paid kept by the writes of deposits (an increment: the row's lock makes a concurrent writer add to
-- what the first committed, where a recomputation would read the statement's snapshot)
CREATE FUNCTION orders_deposit_paid_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE orders o SET deposit_paid = o.deposit_paid + c.amount
    FROM (SELECT order_id, sum(amount) AS amount FROM new_rows WHERE order_id IS NOT NULL GROUP BY order_id HAVING sum(amount) <> 0) c
    WHERE o.id = c.order_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE orders o SET deposit_paid = o.deposit_paid - c.amount
    FROM (SELECT order_id, sum(amount) AS amount FROM old_rows WHERE order_id IS NOT NULL GROUP BY order_id HAVING sum(amount) <> 0) c
    WHERE o.id = c.order_id;
  ELSE
    UPDATE orders o SET deposit_paid = o.deposit_paid + c.amount
    FROM (SELECT order_id, sum(amount) AS amount
      FROM (SELECT order_id, amount FROM new_rows UNION ALL SELECT order_id, -amount FROM old_rows) d
      WHERE order_id IS NOT NULL GROUP BY order_id HAVING sum(amount) <> 0) c
    WHERE o.id = c.order_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_deposit_paid_insert AFTER INSERT ON deposits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_deposit_paid_apply();--> statement-breakpoint
CREATE TRIGGER orders_deposit_paid_update AFTER UPDATE ON deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_deposit_paid_apply();--> statement-breakpoint
CREATE TRIGGER orders_deposit_paid_delete AFTER DELETE ON deposits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_deposit_paid_apply();
