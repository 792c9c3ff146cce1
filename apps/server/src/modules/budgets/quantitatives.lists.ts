import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { joinedMarketScope } from '../markets/index.js';

/**
 * The quantitatives (spec 2 Quantitative row, docs/money.md "Budgets"): per project, market, imputation,
 * OSCAR sub-project, prestation and unit price, what the ordered orders (validated or closed) hold and what
 * the validated attachments did, from their own line snapshots (quantity, unit price, line total). A line
 * of each side is keyed by its id (order lines even, attachment lines odd), so the row id, the smallest
 * key of the group, is stable and unique.
 *
 * The groups are stored ahead (`market_quantities`, kept by triggers: docs/decisions.md "Market
 * quantities"): the page walks the summary's primary key and joins its 50 rows' names; the count and the
 * totals read the groups summed per market (`market_quantity_totals`, 4,000 rows), or, under a column
 * filter, the summary and its market (the scope).
 */
const base = sql`market_quantities qt JOIN markets m ON m.id = qt.market_id`;
const joinProject = sql`JOIN projects p ON p.id = qt.project_id`;
const joinImputation = sql`LEFT JOIN imputations i ON i.id = qt.imputation_id`;
const joinSubproject = sql`LEFT JOIN oscar_subprojects osp ON osp.id = qt.oscar_subproject_id`;
const joinPrestation = sql`JOIN prestations pr ON pr.id = qt.prestation_id`;
const joinReference = sql`JOIN prestation_references ref ON ref.id = pr.reference_id`;
const joinUnit = sql`JOIN units u ON u.id = pr.unit_id`;

const joined = (join: SQL | SQL[]) => ({ joined: true, join });

const columns: Record<string, ListColumn> = {
  id: { sql: sql`qt.id`, kind: 'id', label: 'ID', hiddenInCsv: true },
  projectId: { sql: sql`qt.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', ...joined(joinProject) },
  marketId: { sql: sql`qt.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance' },
  imputationEotp: { sql: sql`i.eotp`, kind: 'text', label: 'Imputation eOTP', ...joined(joinImputation) },
  arcgisName: { sql: sql`osp.arcgis_name`, kind: 'text', label: 'Nom arcgis', ...joined(joinSubproject) },
  nroName: { sql: sql`osp.nro_name`, kind: 'text', label: 'NRO', ...joined(joinSubproject) },
  offerIdPm: { sql: sql`osp.offer_id_pm`, kind: 'text', label: 'PM', ...joined(joinSubproject) },
  prestationReference: {
    sql: sql`ref.name`,
    kind: 'text',
    label: 'Référence',
    ...joined([joinPrestation, joinReference]),
  },
  prestationDescription: { sql: sql`pr.description`, kind: 'text', label: 'Prestation', ...joined(joinPrestation) },
  unitName: { sql: sql`u.name`, kind: 'text', label: 'Unité', ...joined([joinPrestation, joinUnit]) },
  unitPrice: { sql: sql`qt.unit_price`, kind: 'money', label: 'Prix unitaire' },
  quantityOrdered: { sql: sql`qt.quantity_ordered`, kind: 'number', label: 'Quantité commandée' },
  quantityDone: { sql: sql`qt.quantity_done`, kind: 'number', label: 'Quantité réalisée' },
  amountOrdered: { sql: sql`qt.amount_ordered`, kind: 'money', label: 'Montant commandé', summable: true },
  amountDone: { sql: sql`qt.amount_done`, kind: 'money', label: 'Montant réalisé', summable: true },
};

/** GET /budget/quantitatives: scoped as markets, by project, market and prestation. */
export const quantitativeList = defineList({
  name: 'budget-quantitatives',
  from: sql`${base} ${joinProject} ${joinImputation} ${joinSubproject} ${joinPrestation} ${joinReference} ${joinUnit}`,
  countFrom: base,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: joinedMarketScope,
  // without a column filter, the count and totals read the groups summed per market
  stored: {
    from: sql`market_quantity_totals t JOIN markets m ON m.id = t.market_id`,
    count: sql`t.groups`,
    columns: { amountOrdered: sql`t.amount_ordered`, amountDone: sql`t.amount_done` },
    where: (principal) => {
      const scope = principal ? joinedMarketScope(principal) : undefined;
      return sql.join([sql`t.groups <> 0`, ...(scope ? [scope] : [])], sql` AND `);
    },
  },
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
