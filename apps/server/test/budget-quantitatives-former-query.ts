import { sql } from 'drizzle-orm';
import { attachmentValidatedSql, orderOrderedSql, quantitativeList } from '../src/modules/budgets/index.js';
import { defineList } from '../src/platform/list-engine.js';

/**
 * The quantitatives as they were before `market_quantities` (the oracle of the summary and its triggers,
 * `budget-quantitatives.oracle.test.ts`): every ordered order line and validated attachment line grouped
 * before the first page, in one query. Same columns, read from the grouped rows under the same aliases.
 */
const grouped = sql`(SELECT min(q.line_key) AS id, q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id,
      q.prestation_id, q.unit_price,
      sum(q.quantity_ordered)::numeric(16, 1) AS quantity_ordered, sum(q.quantity_done)::numeric(16, 1) AS quantity_done,
      sum(q.amount_ordered)::numeric(18, 2) AS amount_ordered, sum(q.amount_done)::numeric(18, 2) AS amount_done
    FROM (
      SELECT ol.id::bigint * 2 AS line_key, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
        ol.prestation_id, ol.unit_price, ol.quantity AS quantity_ordered, 0::numeric AS quantity_done,
        ol.total AS amount_ordered, 0::numeric AS amount_done
      FROM order_lines ol JOIN orders o ON o.id = ol.order_id
      WHERE ${orderOrderedSql('o')}
      UNION ALL
      SELECT al.id::bigint * 2 + 1, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
        al.prestation_id, al.unit_price, 0::numeric, al.quantity, 0::numeric, al.total
      FROM attachment_lines al JOIN attachments att ON att.id = al.attachment_id JOIN orders o ON o.id = att.order_id
      WHERE ${attachmentValidatedSql('att')}
    ) q
    GROUP BY q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price) qt
  JOIN projects p ON p.id = qt.project_id
  JOIN markets m ON m.id = qt.market_id
  LEFT JOIN imputations i ON i.id = qt.imputation_id
  LEFT JOIN oscar_subprojects osp ON osp.id = qt.oscar_subproject_id
  JOIN prestations pr ON pr.id = qt.prestation_id
  JOIN prestation_references ref ON ref.id = pr.reference_id
  JOIN units u ON u.id = pr.unit_id`;

const { countFrom: _countFrom, ...single } = quantitativeList;

/** The former `GET /budget/quantitatives` list: one query over the grouped lines, no declared joins. */
export const formerQuantitativeList = defineList({
  ...single,
  from: grouped,
  columns: Object.fromEntries(
    Object.entries(quantitativeList.columns).map(([name, { join: _join, joined: _joined, ...column }]) => [name, column]),
  ),
});

/** The groups recomputed from the lines, as `market_quantities` should hold them (texts, by id). */
export const RECOMPUTED_QUANTITIES = sql`SELECT qt.id::text AS id, qt.project_id, qt.market_id, qt.imputation_id,
    qt.oscar_subproject_id, qt.prestation_id, qt.unit_price::text AS unit_price, qt.quantity_ordered::text AS quantity_ordered,
    qt.quantity_done::text AS quantity_done, qt.amount_ordered::text AS amount_ordered, qt.amount_done::text AS amount_done
  FROM ${grouped} ORDER BY qt.id`;

export const STORED_QUANTITIES = sql`SELECT id::text AS id, project_id, market_id, imputation_id, oscar_subproject_id,
    prestation_id, unit_price::text AS unit_price, quantity_ordered::text AS quantity_ordered,
    quantity_done::text AS quantity_done, amount_ordered::text AS amount_ordered, amount_done::text AS amount_done
  FROM market_quantities mq ORDER BY mq.id`;

/** The groups' count and amounts per market recomputed from the lines, as `market_quantity_totals` should hold them. */
export const RECOMPUTED_QUANTITY_TOTALS = sql`SELECT qt.market_id, count(*)::text AS groups,
    sum(qt.amount_ordered)::text AS amount_ordered, sum(qt.amount_done)::text AS amount_done
  FROM ${grouped} GROUP BY qt.market_id ORDER BY qt.market_id`;

export const STORED_QUANTITY_TOTALS = sql`SELECT t.market_id, t.groups::text AS groups, t.amount_ordered::text AS amount_ordered,
    t.amount_done::text AS amount_done
  FROM market_quantity_totals t WHERE t.groups <> 0 ORDER BY t.market_id`;
