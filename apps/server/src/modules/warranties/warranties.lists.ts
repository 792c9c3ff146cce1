import type { WarrantyCriteria } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn, type ListDefinition, type StoredTotals } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { idList } from '../../platform/sql-rows.js';
import { orderScope } from '../orders/index.js';

/**
 * Each order with the warranty figures of its validated attachments (`order-warranty.ts` holds the same
 * rules as a pure function), read from the columns stored on the order (`attachments/order-figures.ts`,
 * docs/decisions.md "Stored RG figures"): the RG, the deposits consumed, the RG released (what monthly
 * statements release), to release, left, released from a deposit. "To release" is the RG not released of
 * the attachments whose release date is known: every one once the order has a release or delivery date,
 * else those with a date of their own (`rgReleaseDateSql`). Each join is a constant that the columns
 * reading it declare (`join`): the count reads `orders o` and the joins of the filters only.
 */
const joinMarket = sql`JOIN markets m ON m.id = o.market_id`;
const joinProject = sql`JOIN projects p ON p.id = o.project_id`;
const joinAgency = sql`JOIN agencies a ON a.id = o.agency_id`;
const joinSubproject = sql`LEFT JOIN oscar_subprojects osp ON osp.id = o.oscar_subproject_id`;
const joinImputation = sql`LEFT JOIN imputations i ON i.id = o.imputation_id`;
const joinNode = [
  sql`LEFT JOIN workflow_tokens wtk ON wtk.entity_name = 'order' AND wtk.entity_id = o.id`,
  sql`LEFT JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
];
const from = sql`orders o ${sql.join([joinMarket, joinProject, joinAgency, joinSubproject, joinImputation, ...joinNode], sql` `)}`;

/** "Hide empty RG": the order holds RG (the predicate of the partial index `orders_rg_held_idx`). */
const holdsRg = sql`o.rg_held > 0`;

const rgToRelease = sql`(CASE WHEN o.release_date IS NOT NULL OR o.delivery_date IS NOT NULL
  THEN o.rg_unreleased ELSE o.rg_unreleased_dated END)`;

const columns: Record<string, ListColumn> = {
  id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
  reference: { sql: sql`o.reference`, kind: 'text', label: 'Commande', grams: true },
  name: { sql: sql`o.name`, kind: 'text', label: 'Complément' },
  marketId: { sql: sql`o.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance', joined: true, join: joinMarket },
  projectId: { sql: sql`o.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true, join: joinProject },
  agencyId: { sql: sql`o.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true, join: joinAgency },
  oscarSubProjectName: { sql: sql`osp.name`, kind: 'text', label: 'Sous-projet Oscar', joined: true, join: joinSubproject },
  imputationEotp: { sql: sql`i.eotp`, kind: 'text', label: 'Imputation eOTP', joined: true, join: joinImputation },
  total: { sql: sql`o.total`, kind: 'money', label: 'Montant commande (€ HT)', summable: true },
  date: { sql: sql`o.date`, kind: 'date', label: 'Date de la commande' },
  deliveryDate: { sql: sql`o.delivery_date`, kind: 'date', label: 'Date PV de réception' },
  releaseDate: { sql: sql`o.release_date`, kind: 'date', label: 'Date libération de la RG' },
  oracleStatus: { sql: sql`o.oracle_status`, kind: 'enum', label: 'Statut Oracle' },
  oracleId: { sql: sql`o.oracle_id`, kind: 'text', label: 'Identifiant Oracle' },
  nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut', joined: true, join: joinNode },
  rg: { sql: sql`o.rg_held`, kind: 'money', label: 'RG (€)', summable: true },
  depositUsed: { sql: sql`o.rg_deposit_used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
  rgToRelease: { sql: rgToRelease, kind: 'money', label: 'RG à libérer (€)', summable: true },
  rgReleased: { sql: sql`o.rg_released`, kind: 'money', label: 'RG libérée (€)', summable: true },
  rgLeft: { sql: sql`(o.rg_held - o.rg_released)`, kind: 'money', label: 'RG restante (€)', summable: true },
  rgFromDepositReleased: {
    sql: sql`o.rg_released_on_deposit`,
    kind: 'money',
    label: 'RG libérée sur avance (€)',
    summable: true,
  },
};

/**
 * The warranty sums of the orders summed ahead per market, project, agency, "holds RG", "in the ERP" and
 * "dated" (`order_summaries`, kept by triggers on the orders: docs/decisions.md "Order summaries"), per
 * summable column: the list's count and totals read them rather than every matching order.
 */
export const WARRANTY_SUMMARY_SUMS: Record<string, SQL> = {
  total: sql`s.total`,
  rg: sql`s.rg_held`,
  depositUsed: sql`s.rg_deposit_used`,
  rgToRelease: sql`(CASE WHEN s.dated THEN s.rg_unreleased ELSE s.rg_unreleased_dated END)`,
  rgReleased: sql`s.rg_released`,
  rgLeft: sql`(s.rg_held - s.rg_released)`,
  rgFromDepositReleased: sql`s.rg_released_on_deposit`,
};

/**
 * The stored count and totals of the orders the criteria keep (`conditions` on the summary `s`), in the
 * caller's scope; `from` may join what extra sums read.
 */
export function warrantySummary(conditions: SQL[], sums: Record<string, SQL>, from: SQL = sql`order_summaries s`): StoredTotals {
  return {
    from,
    countFrom: sql`order_summaries s`,
    count: sql`s.orders`,
    columns: sums,
    where: (principal: Principal | null) => {
      const scope = principal ? orderScope(principal, { projectId: sql`s.project_id`, agencyId: sql`s.agency_id` }) : undefined;
      return sql.join([sql`s.orders <> 0`, ...conditions, ...(scope ? [scope] : [])], sql` AND `);
    },
  };
}

/** The order warranties list (spec 2 /os/warranties): newest first (spec 2 §9), scoped as orders. */
export const warrantyList = defineList({
  name: 'orders-warranties',
  from,
  countFrom: sql`orders o`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'desc' },
  scope: (principal) => orderScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
});

function inIds(column: SQL, ids: number[]): SQL {
  return sql`${column} IN (${idList(ids)})`;
}

/** The screen's criteria as the list's condition: id lists, hide empty RG, hide the orders in the ERP. */
export function warrantyCondition(criteria: WarrantyCriteria): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.projects.length > 0) {
    conditions.push(inIds(sql`o.project_id`, criteria.projects));
  }
  if (criteria.markets.length > 0) {
    conditions.push(inIds(sql`o.market_id`, criteria.markets));
  }
  if (criteria.subprojects.length > 0) {
    conditions.push(inIds(sql`o.oscar_subproject_id`, criteria.subprojects));
  }
  if (criteria.imputations.length > 0) {
    conditions.push(inIds(sql`o.imputation_id`, criteria.imputations));
  }
  if (criteria.hideEmptyRg) {
    conditions.push(holdsRg);
  }
  if (criteria.hideErp) {
    conditions.push(sql`o.oracle_id IS NULL`);
  }
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` AND `);
}

/**
 * The criteria on the stored summaries (`warrantySummary`): undefined when a criterion is not a column of
 * the summary (OSCAR sub-projects, imputations), the count and totals then read the orders.
 */
export function warrantySummaryConditions(criteria: WarrantyCriteria): SQL[] | undefined {
  if (criteria.subprojects.length > 0 || criteria.imputations.length > 0) {
    return undefined;
  }
  const conditions: SQL[] = [];
  if (criteria.projects.length > 0) {
    conditions.push(inIds(sql`s.project_id`, criteria.projects));
  }
  if (criteria.markets.length > 0) {
    conditions.push(inIds(sql`s.market_id`, criteria.markets));
  }
  if (criteria.hideEmptyRg) {
    conditions.push(sql`s.holds_rg`);
  }
  if (criteria.hideErp) {
    conditions.push(sql`NOT s.in_erp`);
  }
  return conditions;
}

/**
 * The warranty list restricted to the screen's criteria (what `GET /orders/warranties` runs), its count and
 * totals read from the summaries when no criterion nor filter needs the orders themselves.
 */
export function warrantyListOf(criteria: WarrantyCriteria): ListDefinition {
  const where = warrantyCondition(criteria);
  const summary = warrantySummaryConditions(criteria);
  return defineList({
    ...warrantyList,
    ...(where ? { where } : {}),
    ...(summary ? { stored: warrantySummary(summary, WARRANTY_SUMMARY_SUMS) } : {}),
  });
}
