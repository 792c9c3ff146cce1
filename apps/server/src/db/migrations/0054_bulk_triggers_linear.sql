-- Statement triggers whose cost stays linear on bulk writes (docs/decisions.md "Stored figures on bulk writes").
-- A transition table has no statistics: joining new rows to old rows on id was planned as a nested loop over
-- both (hours for an UPDATE of 200,000 orders). The rows whose keys changed are now found with EXCEPT over
-- each table's (id, keys) — a hashed or sorted set operation, never a join of the two — and the rest only
-- joins a transition table to an indexed table.
--
-- An order moved to another project or agency takes its attachments with it: their figures leave the old
-- (node, project, agency) and join the new one.
CREATE OR REPLACE FUNCTION order_node_summaries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.wf_node_id, n.project_id, n.agency_id, n.total, n.total_ttc FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.wf_node_id, o.project_id, o.agency_id, o.total, o.total_ttc FROM old_rows o'
    ELSE 'SELECT 1 AS sign, n.wf_node_id, n.project_id, n.agency_id, n.total, n.total_ttc FROM new_rows n
      UNION ALL SELECT -1 AS sign, o.wf_node_id, o.project_id, o.agency_id, o.total, o.total_ttc FROM old_rows o'
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
    EXECUTE 'INSERT INTO attachment_node_summaries AS s (node_id, project_id, agency_id, attachments, amount, rg, deposit_used)
      SELECT coalesce(att.wf_node_id, 0), m.project_id, m.agency_id, sum(m.sign), sum(m.sign * att.amount), sum(m.sign * att.rg),
        sum(m.sign * att.deposit_used)
      FROM (
        SELECT 1 AS sign, a.* FROM (SELECT id, project_id, agency_id FROM new_rows EXCEPT SELECT id, project_id, agency_id FROM old_rows) a
        UNION ALL
        SELECT -1 AS sign, b.* FROM (SELECT id, project_id, agency_id FROM old_rows EXCEPT SELECT id, project_id, agency_id FROM new_rows) b
      ) m JOIN attachments att ON att.order_id = m.id
      GROUP BY 1, 2, 3
      HAVING sum(m.sign) <> 0 OR sum(m.sign * att.amount) <> 0 OR sum(m.sign * att.rg) <> 0 OR sum(m.sign * att.deposit_used) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (node_id, project_id, agency_id) DO UPDATE SET attachments = s.attachments + excluded.attachments,
        amount = s.amount + excluded.amount, rg = s.rg + excluded.rg, deposit_used = s.deposit_used + excluded.deposit_used';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An order given another project, market, imputation or OSCAR sub-project: the groups of its lines and of its
-- attachments' lines, in its former market and its new one. Nothing to regroup when no order's keys changed.
CREATE OR REPLACE FUNCTION "market_quantities_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_markets integer[];
  v_prestations integer[];
BEGIN
  SELECT array_agg(k.market_id), array_agg(k.prestation_id) INTO v_markets, v_prestations
  FROM (
    WITH moved AS MATERIALIZED (
      SELECT id, market_id FROM (
        SELECT id, project_id, market_id, imputation_id, oscar_subproject_id FROM new_orders
        EXCEPT SELECT id, project_id, market_id, imputation_id, oscar_subproject_id FROM old_orders) a
      UNION ALL
      SELECT id, market_id FROM (
        SELECT id, project_id, market_id, imputation_id, oscar_subproject_id FROM old_orders
        EXCEPT SELECT id, project_id, market_id, imputation_id, oscar_subproject_id FROM new_orders) b)
    SELECT m.market_id, ol.prestation_id FROM moved m JOIN order_lines ol ON ol.order_id = m.id
    UNION
    SELECT m.market_id, al.prestation_id FROM moved m JOIN attachments att ON att.order_id = m.id
    JOIN attachment_lines al ON al.attachment_id = att.id) k;
  IF v_markets IS NOT NULL THEN
    PERFORM market_quantities_refresh(v_markets, v_prestations);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An order or attachment placed on another node (or its token written or removed): the groups of its lines.
CREATE OR REPLACE FUNCTION "market_quantities_tokens_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- the tokens whose node or item changed, as they were and as they are
    SELECT array_agg(DISTINCT c.entity_id) FILTER (WHERE c.entity_name = 'order'),
      array_agg(DISTINCT c.entity_id) FILTER (WHERE c.entity_name = 'attachement')
    INTO order_ids, attachment_ids
    FROM (
      (SELECT id, node_id, entity_name, entity_id FROM new_tokens EXCEPT SELECT id, node_id, entity_name, entity_id FROM old_tokens)
      UNION ALL
      (SELECT id, node_id, entity_name, entity_id FROM old_tokens EXCEPT SELECT id, node_id, entity_name, entity_id FROM new_tokens)
    ) c;
  END IF;
  IF order_ids IS NOT NULL THEN
    SELECT array_agg(ol.order_id), array_agg(ol.prestation_id) INTO v_items, v_prestations
    FROM order_lines ol WHERE ol.order_id IN (SELECT unnest(order_ids));
    IF v_items IS NOT NULL THEN
      PERFORM market_quantities_refresh_order_lines(v_items, v_prestations);
    END IF;
  END IF;
  IF attachment_ids IS NOT NULL THEN
    SELECT array_agg(al.attachment_id), array_agg(al.prestation_id) INTO v_items, v_prestations
    FROM attachment_lines al WHERE al.attachment_id IN (SELECT unnest(attachment_ids));
    IF v_items IS NOT NULL THEN
      PERFORM market_quantities_refresh_attachment_lines(v_items, v_prestations);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Lines written: only the lines that count in the groups (their order on os_validated or os_closed, their
-- attachment validated, prepared for payment or paid) or whose owner is gone regroup their market's groups of
-- their prestation. A draft's lines (an import of 20,000 of them) count nowhere and regroup nothing; the move
-- of the owner's token regroups its lines (market_quantities_tokens_changed).
CREATE OR REPLACE FUNCTION "market_quantities_order_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT order_id, prestation_id FROM new_lines'
    WHEN 'DELETE' THEN 'SELECT order_id, prestation_id FROM old_lines'
    ELSE 'SELECT order_id, prestation_id FROM new_lines UNION ALL SELECT order_id, prestation_id FROM old_lines'
  END;
  v_items integer[];
  v_prestations integer[];
BEGIN
  EXECUTE 'SELECT array_agg(c.order_id), array_agg(c.prestation_id)
    FROM (SELECT DISTINCT order_id, prestation_id FROM (' || changed || ') l) c
    WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id)
      OR EXISTS (SELECT 1 FROM workflow_tokens otk JOIN workflow_nodes onode ON onode.id = otk.node_id
        WHERE otk.entity_name = ''order'' AND otk.entity_id = c.order_id AND onode.code IN (''os_validated'', ''os_closed''))'
  INTO v_items, v_prestations;
  IF v_items IS NOT NULL THEN
    PERFORM market_quantities_refresh_order_lines(v_items, v_prestations);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "market_quantities_attachment_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT attachment_id, prestation_id FROM new_lines'
    WHEN 'DELETE' THEN 'SELECT attachment_id, prestation_id FROM old_lines'
    ELSE 'SELECT attachment_id, prestation_id FROM new_lines UNION ALL SELECT attachment_id, prestation_id FROM old_lines'
  END;
  v_items integer[];
  v_prestations integer[];
BEGIN
  EXECUTE 'SELECT array_agg(c.attachment_id), array_agg(c.prestation_id)
    FROM (SELECT DISTINCT attachment_id, prestation_id FROM (' || changed || ') l) c
    WHERE NOT EXISTS (SELECT 1 FROM attachments att JOIN orders o ON o.id = att.order_id WHERE att.id = c.attachment_id)
      OR EXISTS (SELECT 1 FROM workflow_tokens awt JOIN workflow_nodes awn ON awn.id = awt.node_id
        WHERE awt.entity_name = ''attachement'' AND awt.entity_id = c.attachment_id
          AND awn.code IN (''att_validated'', ''att_prepared_for_payment'', ''att_paid''))'
  INTO v_items, v_prestations;
  IF v_items IS NOT NULL THEN
    PERFORM market_quantities_refresh_attachment_lines(v_items, v_prestations);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- a prestation given another type: the invoiced attachments with a line of it are grouped again
CREATE OR REPLACE FUNCTION "budget_od_prestations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM budget_od_rows_refresh(ARRAY(SELECT DISTINCT al.attachment_id
    FROM (SELECT id, type_id FROM new_prestations EXCEPT SELECT id, type_id FROM old_prestations) n
    JOIN attachment_lines al ON al.prestation_id = n.id
    JOIN monthly_statement_attachments msa ON msa.attachment_id = al.attachment_id));
  RETURN NULL;
END $$;
