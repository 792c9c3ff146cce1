-- Every quantitatives group (and the markets' totals) regrouped from all the lines, as migration 0047 backfilled
-- them (docs/decisions.md "Market quantities"): the one grouping the rebuild of data written with the triggers
-- off (the bench generator's bulk inserts) calls. The caller locks the lines and tokens first.
CREATE FUNCTION "market_quantities_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM market_quantities;
  DELETE FROM market_quantity_totals;
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
  ORDER BY 1;
  INSERT INTO market_quantity_totals (market_id, groups, amount_ordered, amount_done)
  SELECT market_id, count(*), sum(amount_ordered), sum(amount_done) FROM market_quantities GROUP BY market_id;
$$;
