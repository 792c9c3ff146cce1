CREATE TABLE "order_node_summaries" (
	"node_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"orders" bigint NOT NULL,
	"total" numeric NOT NULL,
	"total_ttc" numeric NOT NULL,
	CONSTRAINT "order_node_summaries_pkey" PRIMARY KEY("node_id","project_id","agency_id")
);
--> statement-breakpoint
CREATE TABLE "attachment_node_summaries" (
	"node_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"attachments" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"rg" numeric NOT NULL,
	"deposit_used" numeric NOT NULL,
	CONSTRAINT "attachment_node_summaries_pkey" PRIMARY KEY("node_id","project_id","agency_id")
);
--> statement-breakpoint
-- the orders and the attachments summed per current node (0: none yet) and the scope's project and agency (the
-- order's), as they stand (docs/decisions.md "Node summaries")
INSERT INTO order_node_summaries (node_id, project_id, agency_id, orders, total, total_ttc)
SELECT coalesce(o.wf_node_id, 0), o.project_id, o.agency_id, count(*), sum(o.total), sum(o.total_ttc)
FROM orders o
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO attachment_node_summaries (node_id, project_id, agency_id, attachments, amount, rg, deposit_used)
SELECT coalesce(att.wf_node_id, 0), o.project_id, o.agency_id, count(*), sum(att.amount), sum(att.rg), sum(att.deposit_used)
FROM attachments att JOIN orders o ON o.id = att.order_id
GROUP BY 1, 2, 3;--> statement-breakpoint
-- kept by statement triggers: each write adds its new rows' figures and takes off its old rows' ones, per key, in
-- key order (two writers lock the summary rows in the same order); rows whose count fell to 0 stay
CREATE FUNCTION order_node_summaries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.id, n.wf_node_id, n.project_id, n.agency_id, n.total, n.total_ttc FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.id, o.wf_node_id, o.project_id, o.agency_id, o.total, o.total_ttc FROM old_rows o'
    ELSE 'SELECT 1 AS sign, n.id, n.wf_node_id, n.project_id, n.agency_id, n.total, n.total_ttc FROM new_rows n
      UNION ALL SELECT -1 AS sign, o.id, o.wf_node_id, o.project_id, o.agency_id, o.total, o.total_ttc FROM old_rows o'
  END;
BEGIN
  EXECUTE 'INSERT INTO order_node_summaries AS s (node_id, project_id, agency_id, orders, total, total_ttc)
    SELECT coalesce(c.wf_node_id, 0), c.project_id, c.agency_id, sum(c.sign), sum(c.sign * c.total), sum(c.sign * c.total_ttc)
    FROM (' || changed || ') c
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0 OR sum(c.sign * c.total_ttc) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (node_id, project_id, agency_id) DO UPDATE SET orders = s.orders + excluded.orders,
      total = s.total + excluded.total, total_ttc = s.total_ttc + excluded.total_ttc';
  IF TG_OP = 'UPDATE' THEN
    -- an order moved to another project or agency takes its attachments with it
    EXECUTE 'INSERT INTO attachment_node_summaries AS s (node_id, project_id, agency_id, attachments, amount, rg, deposit_used)
      SELECT coalesce(att.wf_node_id, 0), c.project_id, c.agency_id, sum(c.sign), sum(c.sign * att.amount), sum(c.sign * att.rg),
        sum(c.sign * att.deposit_used)
      FROM (' || changed || ') c JOIN attachments att ON att.order_id = c.id
      WHERE c.id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.project_id <> o.project_id OR n.agency_id <> o.agency_id)
      GROUP BY 1, 2, 3
      HAVING sum(c.sign) <> 0 OR sum(c.sign * att.amount) <> 0 OR sum(c.sign * att.rg) <> 0 OR sum(c.sign * att.deposit_used) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (node_id, project_id, agency_id) DO UPDATE SET attachments = s.attachments + excluded.attachments,
        amount = s.amount + excluded.amount, rg = s.rg + excluded.rg, deposit_used = s.deposit_used + excluded.deposit_used';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_node_summaries_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_node_summaries_apply();--> statement-breakpoint
CREATE TRIGGER order_node_summaries_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_node_summaries_apply();--> statement-breakpoint
CREATE TRIGGER order_node_summaries_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_node_summaries_apply();--> statement-breakpoint
CREATE FUNCTION attachment_node_summaries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.order_id, n.wf_node_id, n.amount, n.rg, n.deposit_used FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.order_id, o.wf_node_id, o.amount, o.rg, o.deposit_used FROM old_rows o'
    ELSE 'SELECT 1 AS sign, n.order_id, n.wf_node_id, n.amount, n.rg, n.deposit_used FROM new_rows n
      UNION ALL SELECT -1 AS sign, o.order_id, o.wf_node_id, o.amount, o.rg, o.deposit_used FROM old_rows o'
  END;
BEGIN
  -- the order's project and agency as they stand (an order's change of them moves its attachments: above; an
  -- order with attachments cannot be deleted, their foreign key has no cascade)
  EXECUTE 'INSERT INTO attachment_node_summaries AS s (node_id, project_id, agency_id, attachments, amount, rg, deposit_used)
    SELECT coalesce(c.wf_node_id, 0), o.project_id, o.agency_id, sum(c.sign), sum(c.sign * c.amount), sum(c.sign * c.rg),
      sum(c.sign * c.deposit_used)
    FROM (' || changed || ') c JOIN orders o ON o.id = c.order_id
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0 OR sum(c.sign * c.rg) <> 0 OR sum(c.sign * c.deposit_used) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (node_id, project_id, agency_id) DO UPDATE SET attachments = s.attachments + excluded.attachments,
      amount = s.amount + excluded.amount, rg = s.rg + excluded.rg, deposit_used = s.deposit_used + excluded.deposit_used';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER attachment_node_summaries_insert AFTER INSERT ON attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_summaries_apply();--> statement-breakpoint
CREATE TRIGGER attachment_node_summaries_update AFTER UPDATE ON attachments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_summaries_apply();--> statement-breakpoint
CREATE TRIGGER attachment_node_summaries_delete AFTER DELETE ON attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_summaries_apply();--> statement-breakpoint
-- deposits.used: what attachments consumed of each deposit, kept by the writes of attachment_deposits (an increment:
-- the deposit's row lock makes a concurrent writer add to what the first committed)
ALTER TABLE "deposits" ADD COLUMN "used" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE deposits d SET used = c.used
FROM (SELECT deposit_id, sum(amount) AS used FROM attachment_deposits GROUP BY deposit_id) c
WHERE d.id = c.deposit_id AND c.used <> 0;--> statement-breakpoint
CREATE FUNCTION deposits_used_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT deposit_id, amount FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT deposit_id, -amount AS amount FROM old_rows'
    ELSE 'SELECT deposit_id, amount FROM new_rows UNION ALL SELECT deposit_id, -amount AS amount FROM old_rows'
  END;
BEGIN
  EXECUTE 'UPDATE deposits d SET used = d.used + c.amount
    FROM (SELECT deposit_id, sum(amount) AS amount FROM (' || changed || ') u GROUP BY deposit_id HAVING sum(amount) <> 0) c
    WHERE d.id = c.deposit_id';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deposits_used_insert AFTER INSERT ON attachment_deposits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deposits_used_apply();--> statement-breakpoint
CREATE TRIGGER deposits_used_update AFTER UPDATE ON attachment_deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deposits_used_apply();--> statement-breakpoint
CREATE TRIGGER deposits_used_delete AFTER DELETE ON attachment_deposits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deposits_used_apply();--> statement-breakpoint
ANALYZE deposits;--> statement-breakpoint
ANALYZE order_node_summaries;--> statement-breakpoint
ANALYZE attachment_node_summaries;
