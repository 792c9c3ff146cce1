-- A workflow move regroups the market quantities of its item's lines only when the move changes whether they
-- count: an order's lines count on os_validated and os_closed, an attachment's on att_validated,
-- att_prepared_for_payment and att_paid (market_quantities_refresh, 0047). A move between two nodes that both
-- count, or both do not (draft to the project manager's validation, validated to prepared for payment), leaves
-- every group as it was, and no longer recomputes the groups of its lines' prestations in the market (3 to 12 ms
-- of a move's 20 on the bench data). Each side of the transition tables is read with the node's standing, then
-- compared by EXCEPT, never joined to the other side (docs/decisions.md "Stored figures on bulk writes").
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
    -- the tokens whose item changed, or whose node's standing (counts / does not count) changed, as they were
    -- and as they are
    WITH standing_new AS (
      SELECT t.id, t.entity_name, t.entity_id,
        CASE t.entity_name WHEN 'order' THEN wn.code IN ('os_validated', 'os_closed')
          WHEN 'attachement' THEN wn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
          ELSE false END AS counts
      FROM new_tokens t LEFT JOIN workflow_nodes wn ON wn.id = t.node_id),
    standing_old AS (
      SELECT t.id, t.entity_name, t.entity_id,
        CASE t.entity_name WHEN 'order' THEN wn.code IN ('os_validated', 'os_closed')
          WHEN 'attachement' THEN wn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
          ELSE false END AS counts
      FROM old_tokens t LEFT JOIN workflow_nodes wn ON wn.id = t.node_id)
    SELECT array_agg(DISTINCT c.entity_id) FILTER (WHERE c.entity_name = 'order'),
      array_agg(DISTINCT c.entity_id) FILTER (WHERE c.entity_name = 'attachement')
    INTO order_ids, attachment_ids
    FROM (
      (SELECT id, entity_name, entity_id, counts FROM standing_new EXCEPT SELECT id, entity_name, entity_id, counts FROM standing_old)
      UNION ALL
      (SELECT id, entity_name, entity_id, counts FROM standing_old EXCEPT SELECT id, entity_name, entity_id, counts FROM standing_new)
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
-- A write of attachments that changes no money (a workflow move's stored node, a reference) calls no
-- recomputation at all: the SQL function was planned at each call, even for no statement.
CREATE OR REPLACE FUNCTION "monthly_statement_attachment_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statement_ids integer[];
BEGIN
  statement_ids := ARRAY(
    SELECT DISTINCT msa.statement_id
    FROM (SELECT id, amount, rg, deposit_used FROM new_rows EXCEPT SELECT id, amount, rg, deposit_used FROM old_rows) c
    JOIN monthly_statement_attachments msa ON msa.attachment_id = c.id
    ORDER BY msa.statement_id);
  IF cardinality(statement_ids) > 0 THEN
    PERFORM monthly_statement_figures_refresh(statement_ids);
  END IF;
  RETURN NULL;
END $$;
