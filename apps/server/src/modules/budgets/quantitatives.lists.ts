import { sql } from 'drizzle-orm';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { marketScope } from '../markets/index.js';
import { attachmentValidatedSql, orderOrderedSql } from './budget-sql.js';

/**
 * The quantitatives (spec 2 Quantitative row, docs/money.md "Budgets"): per project, market, imputation,
 * OSCAR sub-project, prestation and unit price, what the ordered orders (validated or closed) hold and what
 * the validated attachments did, from their own line snapshots (quantity, unit price, line total). A line
 * of each side is keyed by its id (order lines even, attachment lines odd), so the row id, the smallest
 * key of the group, is stable and unique.
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

const columns: Record<string, ListColumn> = {
  id: { sql: sql`qt.id`, kind: 'id', label: 'ID', hiddenInCsv: true },
  projectId: { sql: sql`qt.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet' },
  marketId: { sql: sql`qt.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance' },
  imputationEotp: { sql: sql`i.eotp`, kind: 'text', label: 'Imputation eOTP' },
  arcgisName: { sql: sql`osp.arcgis_name`, kind: 'text', label: 'Nom arcgis' },
  nroName: { sql: sql`osp.nro_name`, kind: 'text', label: 'NRO' },
  offerIdPm: { sql: sql`osp.offer_id_pm`, kind: 'text', label: 'PM' },
  prestationReference: { sql: sql`ref.name`, kind: 'text', label: 'Référence' },
  prestationDescription: { sql: sql`pr.description`, kind: 'text', label: 'Prestation' },
  unitName: { sql: sql`u.name`, kind: 'text', label: 'Unité' },
  unitPrice: { sql: sql`qt.unit_price`, kind: 'money', label: 'Prix unitaire' },
  quantityOrdered: { sql: sql`qt.quantity_ordered`, kind: 'number', label: 'Quantité commandée' },
  quantityDone: { sql: sql`qt.quantity_done`, kind: 'number', label: 'Quantité réalisée' },
  amountOrdered: { sql: sql`qt.amount_ordered`, kind: 'money', label: 'Montant commandé', summable: true },
  amountDone: { sql: sql`qt.amount_done`, kind: 'money', label: 'Montant réalisé', summable: true },
};

/** GET /budget/quantitatives: scoped as markets, by project, market and prestation. */
export const quantitativeList = defineList({
  name: 'budget-quantitatives',
  from: grouped,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => marketScope(principal, { projectId: sql`m.project_id`, agencyId: sql`m.agency_id` }),
});

/** The FTTH columns of the list (spec 2: arcgis, NRO, PM for the FTTH profile only). */
export const QUANTITATIVE_FTTH_COLUMNS = ['arcgisName', 'nroName', 'offerIdPm'] as const;

/**
 * The quantitatives as the CSV writes them for this caller: the FTTH columns only for an FTTH profile, as
 * the screen shows them (spec 2).
 */
export function quantitativeCsvFor(definition: ListDefinition, principal: Principal | null): ListDefinition {
  if (principal?.ftth) {
    return definition;
  }
  const ftth: readonly string[] = QUANTITATIVE_FTTH_COLUMNS;
  return {
    ...definition,
    columns: Object.fromEntries(
      Object.entries(definition.columns).map(([name, column]) => [
        name,
        ftth.includes(name) ? { ...column, hiddenInCsv: true } : column,
      ]),
    ),
  };
}
