CREATE TABLE "market_quantities" (
	"id" bigint PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"imputation_id" integer,
	"oscar_subproject_id" integer,
	"prestation_id" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity_ordered" numeric(16, 1) NOT NULL,
	"quantity_done" numeric(16, 1) NOT NULL,
	"amount_ordered" numeric(18, 2) NOT NULL,
	"amount_done" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_quantity_totals" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"groups" bigint DEFAULT 0 NOT NULL,
	"amount_ordered" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_done" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_quantities_market_prestation_idx" ON "market_quantities" USING btree ("market_id","prestation_id");--> statement-breakpoint
CREATE INDEX "market_quantities_prestation_idx" ON "market_quantities" USING btree ("prestation_id");--> statement-breakpoint
-- The quantitatives' groups of these (market, prestation) pairs regrouped from the lines (docs/decisions.md
-- "Market quantities"): the ordered orders' lines (os_validated, os_closed) and the validated attachments'
-- lines (att_validated, att_prepared_for_payment, att_paid), as the screen grouped them.
-- The markets' totals rows are locked first, in market order: two writers regrouping one market wait for each
-- other, and each following statement of the function reads what the first committed.
CREATE FUNCTION "market_quantities_refresh"(market_ids integer[], prestation_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO market_quantity_totals (market_id) SELECT DISTINCT unnest(market_ids) ORDER BY 1 ON CONFLICT (market_id) DO NOTHING;
  SELECT t.market_id FROM market_quantity_totals t WHERE t.market_id = ANY(market_ids) ORDER BY t.market_id FOR UPDATE;
  DELETE FROM market_quantities mq
  USING (SELECT DISTINCT k.market_id, k.prestation_id FROM unnest(market_ids, prestation_ids) AS k(market_id, prestation_id)) k
  WHERE mq.prestation_id = k.prestation_id AND mq.market_id = k.market_id;
  INSERT INTO market_quantities (id, project_id, market_id, imputation_id, oscar_subproject_id, prestation_id, unit_price,
    quantity_ordered, quantity_done, amount_ordered, amount_done)
  SELECT min(q.line_key), q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price,
    sum(q.quantity_ordered)::numeric(16, 1), sum(q.quantity_done)::numeric(16, 1),
    sum(q.amount_ordered)::numeric(18, 2), sum(q.amount_done)::numeric(18, 2)
  FROM (SELECT DISTINCT k.market_id, k.prestation_id FROM unnest(market_ids, prestation_ids) AS k(market_id, prestation_id)) k
  CROSS JOIN LATERAL (
    SELECT ol.id::bigint * 2 AS line_key, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
      ol.prestation_id, ol.unit_price, ol.quantity AS quantity_ordered, 0::numeric AS quantity_done,
      ol.total AS amount_ordered, 0::numeric AS amount_done
    FROM orders o JOIN order_lines ol ON ol.order_id = o.id AND ol.prestation_id = k.prestation_id
    WHERE o.market_id = k.market_id
      AND EXISTS (SELECT 1 FROM workflow_tokens otk JOIN workflow_nodes onode ON onode.id = otk.node_id
        WHERE otk.entity_name = 'order' AND otk.entity_id = o.id AND onode.code IN ('os_validated', 'os_closed'))
    UNION ALL
    SELECT al.id::bigint * 2 + 1, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
      al.prestation_id, al.unit_price, 0::numeric, al.quantity, 0::numeric, al.total
    FROM orders o JOIN attachments att ON att.order_id = o.id
    JOIN attachment_lines al ON al.attachment_id = att.id AND al.prestation_id = k.prestation_id
    WHERE o.market_id = k.market_id
      AND EXISTS (SELECT 1 FROM workflow_tokens awt JOIN workflow_nodes awn ON awn.id = awt.node_id
        WHERE awt.entity_name = 'attachement' AND awt.entity_id = att.id
          AND awn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid'))
  ) q
  GROUP BY q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price
  ON CONFLICT (id) DO UPDATE SET project_id = excluded.project_id, market_id = excluded.market_id,
    imputation_id = excluded.imputation_id, oscar_subproject_id = excluded.oscar_subproject_id,
    prestation_id = excluded.prestation_id, unit_price = excluded.unit_price, quantity_ordered = excluded.quantity_ordered,
    quantity_done = excluded.quantity_done, amount_ordered = excluded.amount_ordered, amount_done = excluded.amount_done;
  UPDATE market_quantity_totals t SET groups = s.groups, amount_ordered = s.amount_ordered, amount_done = s.amount_done
  FROM (SELECT k.market_id, count(mq.id) AS groups, coalesce(sum(mq.amount_ordered), 0)::numeric(18, 2) AS amount_ordered,
      coalesce(sum(mq.amount_done), 0)::numeric(18, 2) AS amount_done
    FROM (SELECT DISTINCT unnest(market_ids) AS market_id) k
    LEFT JOIN market_quantities mq ON mq.market_id = k.market_id
    GROUP BY k.market_id) s
  WHERE t.market_id = s.market_id AND (t.groups, t.amount_ordered, t.amount_done) IS DISTINCT FROM (s.groups, s.amount_ordered, s.amount_done);
$$;--> statement-breakpoint
-- Lines written, by order (or attachment) and prestation: their market's groups of that prestation. A line whose
-- order is gone (deleted with it) regroups every market's groups of its prestation.
CREATE FUNCTION "market_quantities_refresh_order_lines"(order_ids integer[], prestation_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_markets integer[];
  v_prestations integer[];
BEGIN
  SELECT array_agg(k.market_id), array_agg(k.prestation_id) INTO v_markets, v_prestations
  FROM (
    SELECT o.market_id, c.prestation_id FROM unnest(order_ids, prestation_ids) AS c(order_id, prestation_id)
    JOIN orders o ON o.id = c.order_id
    UNION
    SELECT mq.market_id, mq.prestation_id FROM unnest(order_ids, prestation_ids) AS c(order_id, prestation_id)
    JOIN market_quantities mq ON mq.prestation_id = c.prestation_id
    WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id)) k;
  IF v_markets IS NOT NULL THEN
    PERFORM market_quantities_refresh(v_markets, v_prestations);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "market_quantities_refresh_attachment_lines"(attachment_ids integer[], prestation_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_markets integer[];
  v_prestations integer[];
BEGIN
  SELECT array_agg(k.market_id), array_agg(k.prestation_id) INTO v_markets, v_prestations
  FROM (
    SELECT o.market_id, c.prestation_id FROM unnest(attachment_ids, prestation_ids) AS c(attachment_id, prestation_id)
    JOIN attachments att ON att.id = c.attachment_id JOIN orders o ON o.id = att.order_id
    UNION
    SELECT mq.market_id, mq.prestation_id FROM unnest(attachment_ids, prestation_ids) AS c(attachment_id, prestation_id)
    JOIN market_quantities mq ON mq.prestation_id = c.prestation_id
    WHERE NOT EXISTS (SELECT 1 FROM attachments att JOIN orders o ON o.id = att.order_id WHERE att.id = c.attachment_id)) k;
  IF v_markets IS NOT NULL THEN
    PERFORM market_quantities_refresh(v_markets, v_prestations);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "market_quantities_order_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_items integer[];
  v_prestations integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(order_id), array_agg(prestation_id) INTO v_items, v_prestations FROM new_lines;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(order_id), array_agg(prestation_id) INTO v_items, v_prestations FROM old_lines;
  ELSE
    SELECT array_agg(c.order_id), array_agg(c.prestation_id) INTO v_items, v_prestations
    FROM (SELECT order_id, prestation_id FROM new_lines UNION SELECT order_id, prestation_id FROM old_lines) c;
  END IF;
  IF v_items IS NOT NULL THEN
    PERFORM market_quantities_refresh_order_lines(v_items, v_prestations);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "market_quantities_attachment_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_items integer[];
  v_prestations integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(attachment_id), array_agg(prestation_id) INTO v_items, v_prestations FROM new_lines;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(attachment_id), array_agg(prestation_id) INTO v_items, v_prestations FROM old_lines;
  ELSE
    SELECT array_agg(c.attachment_id), array_agg(c.prestation_id) INTO v_items, v_prestations
    FROM (SELECT attachment_id, prestation_id FROM new_lines UNION SELECT attachment_id, prestation_id FROM old_lines) c;
  END IF;
  IF v_items IS NOT NULL THEN
    PERFORM market_quantities_refresh_attachment_lines(v_items, v_prestations);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An order or attachment placed on another node (or its token written or removed): the groups of its lines.
CREATE FUNCTION "market_quantities_tokens_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_ids integer[];
  attachment_ids integer[];
  v_items integer[];
  v_prestations integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(entity_id) FILTER (WHERE entity_name = 'order'), array_agg(entity_id) FILTER (WHERE entity_name = 'attachement')
    INTO order_ids, attachment_ids FROM new_tokens;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(entity_id) FILTER (WHERE entity_name = 'order'), array_agg(entity_id) FILTER (WHERE entity_name = 'attachement')
    INTO order_ids, attachment_ids FROM old_tokens;
  ELSE
    SELECT array_agg(c.entity_id) FILTER (WHERE c.entity_name = 'order'), array_agg(c.entity_id) FILTER (WHERE c.entity_name = 'attachement')
    INTO order_ids, attachment_ids
    FROM (SELECT n.entity_name, n.entity_id FROM new_tokens n LEFT JOIN old_tokens o ON o.id = n.id
      WHERE o.id IS NULL OR (o.node_id, o.entity_name, o.entity_id) IS DISTINCT FROM (n.node_id, n.entity_name, n.entity_id)
      UNION SELECT o.entity_name, o.entity_id FROM old_tokens o LEFT JOIN new_tokens n ON n.id = o.id
      WHERE n.id IS NULL OR (o.node_id, o.entity_name, o.entity_id) IS DISTINCT FROM (n.node_id, n.entity_name, n.entity_id)) c;
  END IF;
  IF order_ids IS NOT NULL THEN
    SELECT array_agg(ol.order_id), array_agg(ol.prestation_id) INTO v_items, v_prestations
    FROM order_lines ol WHERE ol.order_id = ANY(order_ids);
    IF v_items IS NOT NULL THEN
      PERFORM market_quantities_refresh_order_lines(v_items, v_prestations);
    END IF;
  END IF;
  IF attachment_ids IS NOT NULL THEN
    SELECT array_agg(al.attachment_id), array_agg(al.prestation_id) INTO v_items, v_prestations
    FROM attachment_lines al WHERE al.attachment_id = ANY(attachment_ids);
    IF v_items IS NOT NULL THEN
      PERFORM market_quantities_refresh_attachment_lines(v_items, v_prestations);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An order given another project, market, imputation or OSCAR sub-project: the groups of its lines and of its
-- attachments' lines, in its former market and its new one.
CREATE FUNCTION "market_quantities_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_markets integer[];
  v_prestations integer[];
BEGIN
  SELECT array_agg(k.market_id), array_agg(k.prestation_id) INTO v_markets, v_prestations
  FROM (
    WITH moved AS (
      SELECT n.id, n.market_id AS new_market, o.market_id AS old_market FROM new_orders n JOIN old_orders o ON o.id = n.id
      WHERE (o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id)
        IS DISTINCT FROM (n.project_id, n.market_id, n.imputation_id, n.oscar_subproject_id)),
    lines AS (
      SELECT m.id, ol.prestation_id FROM moved m JOIN order_lines ol ON ol.order_id = m.id
      UNION SELECT m.id, al.prestation_id FROM moved m JOIN attachments att ON att.order_id = m.id
      JOIN attachment_lines al ON al.attachment_id = att.id)
    SELECT m.new_market AS market_id, l.prestation_id FROM moved m JOIN lines l ON l.id = m.id
    UNION SELECT m.old_market, l.prestation_id FROM moved m JOIN lines l ON l.id = m.id) k;
  IF v_markets IS NOT NULL THEN
    PERFORM market_quantities_refresh(v_markets, v_prestations);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "market_quantities_order_lines_inserted" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_order_lines_deleted" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_order_lines_updated" AFTER UPDATE ON "order_lines"
  REFERENCING NEW TABLE AS new_lines OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_attachment_lines_inserted" AFTER INSERT ON "attachment_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_attachment_lines_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_attachment_lines_deleted" AFTER DELETE ON "attachment_lines"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_attachment_lines_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_attachment_lines_updated" AFTER UPDATE ON "attachment_lines"
  REFERENCING NEW TABLE AS new_lines OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_attachment_lines_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_tokens_inserted" AFTER INSERT ON "workflow_tokens"
  REFERENCING NEW TABLE AS new_tokens FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_tokens_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_tokens_deleted" AFTER DELETE ON "workflow_tokens"
  REFERENCING OLD TABLE AS old_tokens FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_tokens_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_tokens_updated" AFTER UPDATE ON "workflow_tokens"
  REFERENCING NEW TABLE AS new_tokens OLD TABLE AS old_tokens FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_tokens_changed();--> statement-breakpoint
CREATE TRIGGER "market_quantities_orders_updated" AFTER UPDATE ON "orders"
  REFERENCING NEW TABLE AS new_orders OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION market_quantities_orders_changed();--> statement-breakpoint
-- every group as the lines stand
INSERT INTO market_quantities (id, project_id, market_id, imputation_id, oscar_subproject_id, prestation_id, unit_price,
  quantity_ordered, quantity_done, amount_ordered, amount_done)
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
  JOIN workflow_nodes awn ON awn.id = awt.node_id AND awn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
) q
GROUP BY q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price
ORDER BY 1;--> statement-breakpoint
INSERT INTO market_quantity_totals (market_id, groups, amount_ordered, amount_done)
SELECT market_id, count(*), sum(amount_ordered), sum(amount_done) FROM market_quantities GROUP BY market_id;--> statement-breakpoint
ANALYZE "market_quantities";--> statement-breakpoint
ANALYZE "market_quantity_totals";
