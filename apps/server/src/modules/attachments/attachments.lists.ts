import { ATTACHMENT_ENTITY } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { orderScope, orderScopeUser } from '../orders/index.js';
import { rgReleaseDateSql } from './attachment-amounts.js';

export { ATTACHMENT_ENTITY };

/**
 * The visibility scope on an attachment: its order's (the market's rule on the order's project and
 * agency), so a subcontractor never sees another agency's attachments.
 */
export function attachmentScope(principal: Principal, order: { projectId: SQL; agencyId: SQL }): SQL | undefined {
  return orderScope(principal, order);
}

/** The user whose projects alone make up `attachmentScope`, if one does. */
export function attachmentScopeUser(principal: Principal): number | undefined {
  return orderScopeUser(principal);
}

/**
 * The order and its lookups, each join a constant that the columns reading it declare (`join`), so a
 * page filtered or sorted on a joined column picks its ids over `attachments` and `orders` with only
 * the joins it reads, then reads the 50 rows with every join (list-engine `buildPageStatement`). The
 * order's market, agency and project are NOT NULL foreign keys: the inner joins keep every attachment.
 */
const joinMarket = sql`JOIN markets m ON m.id = o.market_id`;
const joinAgency = sql`JOIN agencies a ON a.id = o.agency_id`;
const joinProject = sql`JOIN projects p ON p.id = o.project_id`;
const joinImputation = sql`LEFT JOIN imputations i ON i.id = o.imputation_id`;
const joinOracleProject = sql`LEFT JOIN oracle_projects op ON op.id = o.oracle_project_id`;
const joinOracleTask = sql`LEFT JOIN oracle_tasks ot ON ot.id = o.oracle_task_id`;
const joinSubproject = sql`LEFT JOIN oscar_subprojects osp ON osp.id = o.oscar_subproject_id`;
const joinFollower = sql`LEFT JOIN users uf ON uf.id = o.follower_id`;
const joinCreator = sql`LEFT JOIN users uc ON uc.id = att.creator_id`;
const joinNode = [
  sql`LEFT JOIN workflow_tokens wtk ON wtk.entity_name = ${ATTACHMENT_ENTITY} AND wtk.entity_id = att.id`,
  sql`LEFT JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
];
// a LEFT JOIN on the order's primary key: the same rows as an inner join (`order_id` is a NOT NULL
// foreign key), but PostgreSQL drops it when nothing reads the order, so the count of an unfiltered
// list reads an index of `attachments` alone
const countFrom = sql`attachments att LEFT JOIN orders o ON o.id = att.order_id`;
const from = sql`${countFrom} ${sql.join(
  [
    joinMarket,
    joinAgency,
    joinProject,
    joinImputation,
    joinOracleProject,
    joinOracleTask,
    joinSubproject,
    joinFollower,
    joinCreator,
    ...joinNode,
  ],
  sql` `,
)}`;

/** Spec 2 §2 Attachment list: every column of the screen, plus the ids its links need. */
const columns: Record<string, ListColumn> = {
  id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
  reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence', grams: true },
  orderId: { sql: sql`att.order_id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
  orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande', grams: true },
  orderName: { sql: sql`o.name`, kind: 'text', label: 'Nom de la commande' },
  marketId: { sql: sql`o.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance', joined: true, join: joinMarket },
  agencyId: { sql: sql`o.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true, join: joinAgency },
  projectId: { sql: sql`o.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true, join: joinProject },
  contractNumber: { sql: sql`m.contract_number`, kind: 'text', label: 'Numéro de contrat', joined: true, join: joinMarket },
  clientMarket: { sql: sql`o.client_market`, kind: 'text', label: 'Marché client' },
  clientBdc: { sql: sql`o.client_bdc`, kind: 'text', label: 'Commande client' },
  oscarSubProjectName: { sql: sql`osp.name`, kind: 'text', label: 'Sous-projet Oscar', joined: true, join: joinSubproject },
  arcgisName: { sql: sql`osp.arcgis_name`, kind: 'text', label: 'Nom ArcGIS', joined: true, join: joinSubproject },
  nroName: { sql: sql`osp.nro_name`, kind: 'text', label: 'NRO', joined: true, join: joinSubproject },
  offerIdPm: { sql: sql`osp.offer_id_pm`, kind: 'text', label: 'PM', joined: true, join: joinSubproject },
  imputationEotp: { sql: sql`i.eotp`, kind: 'text', label: 'Imputation eOTP', joined: true, join: joinImputation },
  oracleProjectName: { sql: sql`op.name`, kind: 'text', label: 'Projet Oracle', joined: true, join: joinOracleProject },
  oracleTaskName: { sql: sql`ot.name`, kind: 'text', label: 'Tâche Oracle', joined: true, join: joinOracleTask },
  oracleStatus: { sql: sql`att.oracle_status`, kind: 'enum', label: 'Statut Oracle' },
  followerId: { sql: sql`o.follower_id`, kind: 'id', label: 'Suivi par (id)', hiddenInCsv: true },
  followerName: { sql: sql`uf.name`, kind: 'text', label: 'Suivi par', joined: true, join: joinFollower },
  amount: { sql: sql`att.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
  totalRg: { sql: sql`att.rg`, kind: 'money', label: 'RG (€)', summable: true },
  depositUsed: { sql: sql`att.deposit_used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
  rgReleaseDate: { sql: rgReleaseDateSql('att', 'o'), kind: 'date', label: 'Libération de la RG' },
  isDGD: { sql: sql`att.is_dgd`, kind: 'boolean', label: 'DGD' },
  nodeId: { sql: sql`wn.id`, kind: 'id', label: 'Étape (id)', hiddenInCsv: true, joined: true, join: joinNode },
  nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut', joined: true, join: joinNode },
  nodeCode: { sql: sql`wn.code`, kind: 'text', label: 'Code étape', hiddenInCsv: true, joined: true, join: joinNode },
  creatorName: { sql: sql`uc.name`, kind: 'text', label: 'Créateur', joined: true, join: joinCreator },
  createdAt: { sql: sql`att.created_at`, kind: 'date', label: 'Créé le' },
  // the statement invoicing it ('null' filter: the attachments a statement may still take)
  monthlyStatementId: {
    sql: sql`(SELECT msa.statement_id FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id)`,
    kind: 'id',
    label: 'Situation (id)',
    hiddenInCsv: true,
  },
};

/**
 * The attachment list (spec 2 /sst/attachements), scoped by the caller's visibility. Unfiltered, its count
 * and totals read the attachments summed per node and their order's project and agency
 * (`attachment_node_summaries`, docs/decisions.md "Node summaries").
 */
export const attachmentList = defineList({
  name: 'attachements',
  from,
  countFrom,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => attachmentScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
  // the page's ids first, then every joined table by key: planned as written (docs/performance.md)
  writtenJoinOrder: true,
  stored: {
    from: sql`attachment_node_summaries ans`,
    count: sql`ans.attachments`,
    columns: { amount: sql`ans.amount`, totalRg: sql`ans.rg`, depositUsed: sql`ans.deposit_used` },
    where: (principal) => {
      const scope = principal
        ? attachmentScope(principal, { projectId: sql`ans.project_id`, agencyId: sql`ans.agency_id` })
        : undefined;
      return scope ? sql`ans.attachments <> 0 AND ${scope}` : sql`ans.attachments <> 0`;
    },
    rollUp: {
      from: sql`attachment_node_rollups ans`,
      applies: (principal) =>
        !principal || attachmentScope(principal, { projectId: sql`ans.project_id`, agencyId: sql`ans.agency_id` }) === undefined,
    },
  },
});
