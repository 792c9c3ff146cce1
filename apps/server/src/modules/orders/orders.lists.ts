import type { OrderRow } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type ColumnsOf, defineList } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { marketScope, marketScopeUser } from '../markets/index.js';

export const ORDER_ENTITY = 'order';

/**
 * The visibility scope on an order (`o`): the market's rule on the order's project and agency, so a
 * subcontractor (visibility 4) never sees another agency's order.
 */
export function orderScope(principal: Principal, order: { projectId: SQL; agencyId: SQL }): SQL | undefined {
  return marketScope(principal, order);
}

/** The user whose projects alone make up `orderScope`, if one does. */
export function orderScopeUser(principal: Principal): number | undefined {
  return marketScopeUser(principal);
}

/**
 * Seven relations, all LEFT JOINs on unique keys (the order's market, agency and project are NOT NULL
 * foreign keys, so LEFT and inner joins give the same rows): PostgreSQL drops the unused ones from a count
 * and plans the page exhaustively. The display-only names are scalar subqueries, evaluated for the page's
 * rows only (after the sort and the limit). With the thirteen relations this list joined, the planner fell back to
 * its genetic search and spent 40–85 ms planning each page on PGlite; see docs/performance.md. Each
 * joined column names its join, so a page picks its ids over `orders` and the joins its filters and sort
 * read only, then reads the 50 rows with every join (list-engine `buildPageStatement`).
 */
const joinMarket = sql`LEFT JOIN markets m ON m.id = o.market_id`;
const joinAgency = sql`LEFT JOIN agencies a ON a.id = o.agency_id`;
const joinProject = sql`LEFT JOIN projects p ON p.id = o.project_id`;
const joinFollower = sql`LEFT JOIN users uf ON uf.id = o.follower_id`;
const joinNode = [
  sql`LEFT JOIN workflow_tokens wtk ON wtk.entity_name = 'order' AND wtk.entity_id = o.id`,
  sql`LEFT JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
];
const from = sql`orders o ${sql.join([joinMarket, joinAgency, joinProject, joinFollower, ...joinNode], sql` `)}`;

/** A name read by id, for display: a subquery rather than one more join. */
function lookup(table: string, column: string, key: SQL): SQL {
  return sql`(SELECT ${sql.identifier(column)} FROM ${sql.identifier(table)} WHERE id = ${key})`;
}

const columns = {
  id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
  reference: { sql: sql`o.reference`, kind: 'text', label: 'Référence', grams: true },
  name: { sql: sql`o.name`, kind: 'text', label: 'Complément' },
  marketId: { sql: sql`o.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Marché', joined: true, join: joinMarket },
  contractNumber: { sql: sql`m.contract_number`, kind: 'text', label: 'Numéro de contrat', joined: true, join: joinMarket },
  agencyId: { sql: sql`o.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true, join: joinAgency },
  projectId: { sql: sql`o.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true, join: joinProject },
  projectType: {
    sql: lookup('project_types', 'name', sql`p.type_id`),
    kind: 'text',
    label: 'Type de projet',
    joined: true,
    join: joinProject,
  },
  mainClient: { sql: sql`o.main_client`, kind: 'text', label: 'Client principal' },
  clientMarket: { sql: sql`o.client_market`, kind: 'text', label: 'Marché client' },
  clientBdc: { sql: sql`o.client_bdc`, kind: 'text', label: 'Commande client' },
  oscarSubProjectName: {
    sql: lookup('oscar_subprojects', 'name', sql`o.oscar_subproject_id`),
    kind: 'text',
    label: 'Sous-projet Oscar',
  },
  arcgisName: { sql: lookup('oscar_subprojects', 'arcgis_name', sql`o.oscar_subproject_id`), kind: 'text', label: 'Nom ArcGIS' },
  nroName: { sql: lookup('oscar_subprojects', 'nro_name', sql`o.oscar_subproject_id`), kind: 'text', label: 'NRO' },
  offerIdPm: { sql: lookup('oscar_subprojects', 'offer_id_pm', sql`o.oscar_subproject_id`), kind: 'text', label: 'PM' },
  imputationEotp: { sql: lookup('imputations', 'eotp', sql`o.imputation_id`), kind: 'text', label: 'Imputation eOTP' },
  oracleProjectName: { sql: lookup('oracle_projects', 'name', sql`o.oracle_project_id`), kind: 'text', label: 'Projet Oracle' },
  oracleTaskName: { sql: lookup('oracle_tasks', 'name', sql`o.oracle_task_id`), kind: 'text', label: 'Tâche Oracle' },
  oracleStatus: { sql: sql`o.oracle_status`, kind: 'enum', label: 'Statut Oracle' },
  followerId: { sql: sql`o.follower_id`, kind: 'id', label: 'Suivi par (id)', hiddenInCsv: true },
  followerName: { sql: sql`uf.name`, kind: 'text', label: 'Suivi par', joined: true, join: joinFollower },
  creatorName: { sql: lookup('users', 'name', sql`o.creator_id`), kind: 'text', label: 'Créateur' },
  total: { sql: sql`o.total`, kind: 'money', label: 'Montant (€ HT)', summable: true },
  totalTTC: { sql: sql`o.total_ttc`, kind: 'money', label: 'Montant (€ TTC)', summable: true },
  endDate: { sql: sql`o.end_date`, kind: 'date', label: 'Date de fin' },
  deliveryDate: { sql: sql`o.delivery_date`, kind: 'date', label: 'Date de livraison' },
  releaseDate: { sql: sql`o.release_date`, kind: 'date', label: 'Date de libération' },
  nodeId: { sql: sql`wn.id`, kind: 'id', label: 'Étape (id)', hiddenInCsv: true, joined: true, join: joinNode },
  nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut', joined: true, join: joinNode },
  nodeCode: { sql: sql`wn.code`, kind: 'text', label: 'Code étape', hiddenInCsv: true, joined: true, join: joinNode },
  createdAt: { sql: sql`o.created_at`, kind: 'date', label: 'Créée le' },
} satisfies ColumnsOf<OrderRow>;

/**
 * The order list (spec 2 /sst/orders), scoped by the caller's visibility. Unfiltered, its count and totals
 * read the orders summed per node, project and agency (`order_node_summaries`, docs/decisions.md "Node
 * summaries"): a few thousand rows instead of every order.
 */
export const orderList = defineList<OrderRow>({
  name: 'orders',
  from,
  countFrom: sql`orders o`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => orderScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
  stored: {
    from: sql`order_node_summaries ons`,
    count: sql`ons.orders`,
    columns: { total: sql`ons.total`, totalTTC: sql`ons.total_ttc` },
    where: (principal) => {
      const scope = principal
        ? orderScope(principal, { projectId: sql`ons.project_id`, agencyId: sql`ons.agency_id` })
        : undefined;
      return scope ? sql`ons.orders <> 0 AND ${scope}` : sql`ons.orders <> 0`;
    },
    rollUp: {
      from: sql`order_node_rollups ons`,
      applies: (principal) =>
        !principal || orderScope(principal, { projectId: sql`ons.project_id`, agencyId: sql`ons.agency_id` }) === undefined,
    },
  },
});
