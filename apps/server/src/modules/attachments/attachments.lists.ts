import { ATTACHMENT_ENTITY } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { orderScope } from '../orders/orders.lists.js';
import { rgReleaseDateSql } from './attachment-amounts.js';

export { ATTACHMENT_ENTITY };

/**
 * The visibility scope on an attachment: its order's (the market's rule on the order's project and
 * agency), so a subcontractor never sees another agency's attachments.
 */
export function attachmentScope(principal: Principal, order: { projectId: SQL; agencyId: SQL }): SQL | undefined {
  return orderScope(principal, order);
}

const from = sql`attachments att
  JOIN orders o ON o.id = att.order_id
  JOIN markets m ON m.id = o.market_id
  JOIN agencies a ON a.id = o.agency_id
  JOIN projects p ON p.id = o.project_id
  LEFT JOIN imputations i ON i.id = o.imputation_id
  LEFT JOIN oracle_projects op ON op.id = o.oracle_project_id
  LEFT JOIN oracle_tasks ot ON ot.id = o.oracle_task_id
  LEFT JOIN oscar_subprojects osp ON osp.id = o.oscar_subproject_id
  LEFT JOIN users uf ON uf.id = o.follower_id
  LEFT JOIN users uc ON uc.id = att.creator_id
  LEFT JOIN workflow_tokens wtk ON wtk.entity_name = ${ATTACHMENT_ENTITY} AND wtk.entity_id = att.id
  LEFT JOIN workflow_nodes wn ON wn.id = wtk.node_id`;

/** Spec 2 §2 Attachment list: every column of the screen, plus the ids its links need. */
const columns: Record<string, ListColumn> = {
  id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
  reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence' },
  orderId: { sql: sql`att.order_id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
  orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande' },
  orderName: { sql: sql`o.name`, kind: 'text', label: 'Nom de la commande' },
  marketId: { sql: sql`o.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance', joined: true },
  agencyId: { sql: sql`o.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true },
  projectId: { sql: sql`o.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true },
  contractNumber: { sql: sql`m.contract_number`, kind: 'text', label: 'Numéro de contrat', joined: true },
  clientMarket: { sql: sql`o.client_market`, kind: 'text', label: 'Marché client' },
  clientBdc: { sql: sql`o.client_bdc`, kind: 'text', label: 'Commande client' },
  oscarSubProjectName: { sql: sql`osp.name`, kind: 'text', label: 'Sous-projet Oscar', joined: true },
  arcgisName: { sql: sql`osp.arcgis_name`, kind: 'text', label: 'Nom ArcGIS', joined: true },
  nroName: { sql: sql`osp.nro_name`, kind: 'text', label: 'NRO', joined: true },
  offerIdPm: { sql: sql`osp.offer_id_pm`, kind: 'text', label: 'PM', joined: true },
  imputationEotp: { sql: sql`i.eotp`, kind: 'text', label: 'Imputation eOTP', joined: true },
  oracleProjectName: { sql: sql`op.name`, kind: 'text', label: 'Projet Oracle', joined: true },
  oracleTaskName: { sql: sql`ot.name`, kind: 'text', label: 'Tâche Oracle', joined: true },
  oracleStatus: { sql: sql`att.oracle_status`, kind: 'enum', label: 'Statut Oracle' },
  followerId: { sql: sql`o.follower_id`, kind: 'id', label: 'Suivi par (id)', hiddenInCsv: true },
  followerName: { sql: sql`uf.name`, kind: 'text', label: 'Suivi par', joined: true },
  amount: { sql: sql`att.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
  totalRg: { sql: sql`att.rg`, kind: 'money', label: 'RG (€)', summable: true },
  depositUsed: { sql: sql`att.deposit_used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
  rgReleaseDate: { sql: rgReleaseDateSql('att', 'o'), kind: 'date', label: 'Libération de la RG' },
  isDGD: { sql: sql`att.is_dgd`, kind: 'boolean', label: 'DGD' },
  nodeId: { sql: sql`wn.id`, kind: 'id', label: 'Étape (id)', hiddenInCsv: true, joined: true },
  nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut', joined: true },
  nodeCode: { sql: sql`wn.code`, kind: 'text', label: 'Code étape', hiddenInCsv: true, joined: true },
  creatorName: { sql: sql`uc.name`, kind: 'text', label: 'Créateur', joined: true },
  createdAt: { sql: sql`att.created_at`, kind: 'date', label: 'Créé le' },
};

/** The attachment list (spec 2 /sst/attachements), scoped by the caller's visibility. */
export const attachmentList = defineList({
  name: 'attachements',
  from,
  countFrom: sql`attachments att JOIN orders o ON o.id = att.order_id`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => attachmentScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
});
