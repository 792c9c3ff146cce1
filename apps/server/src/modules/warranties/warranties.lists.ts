import { ATTACHMENT_ENTITY, ATTACHMENT_VALIDATED_NODES, type WarrantyCriteria } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import { rgReleaseDateSql } from '../attachments/index.js';
import { releasedRgSql } from '../monthly-statements/index.js';
import { orderScope } from '../orders/index.js';

const validatedNodes = sql.join(
  ATTACHMENT_VALIDATED_NODES.map((code) => sql`${code}`),
  sql`, `,
);

/**
 * Each order with the warranty sums of its validated attachments (`order-warranty.ts` holds the same
 * rules as a pure function): the RG, the deposits consumed, and the RG released (what monthly statements
 * release, `releasedRgSql`: the statements' own rule), to release (not released, release date known),
 * from a deposit. Each join is a constant that the columns reading it
 * declare (`join`): the count reads `orders o` and the joins of the filters only, so it computes no
 * sums unless the totals are asked; a page picks its 50 ids first, then computes the sums of those only
 * (list-engine `buildPageStatement`, docs/performance.md "Attachments and warranties").
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
const joinWarranty = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(x.rg), 0)::numeric(14, 2) AS rg,
      coalesce(sum(x.deposit_used), 0)::numeric(14, 2) AS deposit_used,
      coalesce(sum(x.rg) FILTER (WHERE x.release_date IS NOT NULL AND x.released IS NULL), 0)::numeric(14, 2)
        AS rg_to_release,
      coalesce(sum(x.released), 0)::numeric(14, 2) AS rg_released,
      coalesce(sum(x.released) FILTER (WHERE x.deposit_used > 0), 0)::numeric(14, 2) AS rg_from_deposit_released
    FROM (
      SELECT att.rg, att.deposit_used, ${rgReleaseDateSql('att', 'o')} AS release_date, ${releasedRgSql('att')} AS released
      FROM attachments att
      JOIN workflow_tokens awt ON awt.entity_name = ${ATTACHMENT_ENTITY} AND awt.entity_id = att.id
      JOIN workflow_nodes awn ON awn.id = awt.node_id
      WHERE att.order_id = o.id AND awn.code IN (${validatedNodes})
    ) x
  ) w ON TRUE`;
const from = sql`orders o ${sql.join(
  [joinMarket, joinProject, joinAgency, joinSubproject, joinImputation, ...joinNode, joinWarranty],
  sql` `,
)}`;

/**
 * "Hide empty RG": the order has a validated attachment with an RG. The same orders as `w.rg > 0` (the
 * sum of the RG of the validated attachments, over the same joins) since an RG is never negative
 * (`attachments_amounts_check`), without computing the sums of every order for the count (7–15 s on
 * 1,000,000 orders).
 */
const hasValidatedRg = sql`EXISTS (SELECT 1 FROM attachments att
  JOIN workflow_tokens awt ON awt.entity_name = ${ATTACHMENT_ENTITY} AND awt.entity_id = att.id
  JOIN workflow_nodes awn ON awn.id = awt.node_id
  WHERE att.order_id = o.id AND att.rg > 0 AND awn.code IN (${validatedNodes}))`;

const columns: Record<string, ListColumn> = {
  id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
  reference: { sql: sql`o.reference`, kind: 'text', label: 'Commande' },
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
  rg: { sql: sql`w.rg`, kind: 'money', label: 'RG (€)', summable: true, joined: true, join: joinWarranty },
  depositUsed: {
    sql: sql`w.deposit_used`,
    kind: 'money',
    label: 'Avance consommée (€)',
    summable: true,
    joined: true,
    join: joinWarranty,
  },
  rgToRelease: {
    sql: sql`w.rg_to_release`,
    kind: 'money',
    label: 'RG à libérer (€)',
    summable: true,
    joined: true,
    join: joinWarranty,
  },
  rgReleased: {
    sql: sql`w.rg_released`,
    kind: 'money',
    label: 'RG libérée (€)',
    summable: true,
    joined: true,
    join: joinWarranty,
  },
  rgLeft: {
    sql: sql`(w.rg - w.rg_released)`,
    kind: 'money',
    label: 'RG restante (€)',
    summable: true,
    joined: true,
    join: joinWarranty,
  },
  rgFromDepositReleased: {
    sql: sql`w.rg_from_deposit_released`,
    kind: 'money',
    label: 'RG libérée sur avance (€)',
    summable: true,
    joined: true,
    join: joinWarranty,
  },
};

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
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
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
    conditions.push(hasValidatedRg);
  }
  if (criteria.hideErp) {
    conditions.push(sql`o.oracle_id IS NULL`);
  }
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` AND `);
}
