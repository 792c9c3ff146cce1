import type { MarketRow } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type ColumnsOf, defineList, type ListDefinition, type Row } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { agencyScope, agencyScoped, projectScope, projectScopeUser } from '../../platform/scope.js';

/**
 * The visibility scope on a market (`m`): its project for visibility 2 and 3; for visibility 4
 * (subcontractor staff) its project and its agency must both be the user's, so a subcontractor never
 * sees another agency's market, even on a shared project.
 */
export function marketScope(principal: Principal, market: { projectId: SQL; agencyId: SQL }): SQL | undefined {
  const conditions = [projectScope(principal, market.projectId), agencyScope(principal, market.agencyId)].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` AND `);
}

/** `marketScope` on the market a query joins as `m`: the scope of every row read through its market. */
export function joinedMarketScope(principal: Principal): SQL | undefined {
  return marketScope(principal, { projectId: sql`m.project_id`, agencyId: sql`m.agency_id` });
}

/**
 * A list of rows that each belong to a market, joined as `m` in `from` and in `countFrom` (the row's table
 * and its market, what a page picks its ids over): ids under `id`, newest first (spec 2 §9), scoped as
 * markets, so a subcontractor never sees another agency's rows.
 */
export function defineMarketRowList<ListRow extends object = Row>(
  definition: Omit<ListDefinition, 'columns' | 'idColumn' | 'defaultSort' | 'scope'> & {
    columns: ColumnsOf<ListRow>;
    countFrom: SQL;
  },
): ListDefinition {
  return defineList<ListRow>({
    ...definition,
    idColumn: 'id',
    defaultSort: { column: 'id', direction: 'desc' },
    scope: joinedMarketScope,
  });
}

/** The user whose projects alone make up `marketScope` (no agency narrows it), see `projectScopeUser`. */
export function marketScopeUser(principal: Principal): number | undefined {
  return agencyScoped(principal) ? undefined : projectScopeUser(principal);
}

const from = sql`markets m
  JOIN agencies a ON a.id = m.agency_id
  JOIN companies c ON c.id = a.company_id
  JOIN projects p ON p.id = m.project_id
  JOIN payment_types pt ON pt.id = m.payment_type_id
  JOIN payment_terms pm ON pm.id = m.payment_term_id
  LEFT JOIN workflow_tokens wtk ON wtk.entity_name = 'subcontractor_market' AND wtk.entity_id = m.id
  LEFT JOIN workflow_nodes wn ON wn.id = wtk.node_id`;

const columns = {
  id: { sql: sql`m.id`, kind: 'id', label: 'ID' },
  edifice: { sql: sql`m.edifice`, kind: 'text', label: 'Code Edifice' },
  // the name other screens read (document owners, token tables)
  name: { sql: sql`m.edifice`, kind: 'text', label: 'Nom', hiddenInCsv: true },
  agencyId: { sql: sql`m.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true },
  companyId: { sql: sql`a.company_id`, kind: 'id', label: 'Entreprise (id)', hiddenInCsv: true, joined: true },
  companyName: { sql: sql`c.name`, kind: 'text', label: 'Entreprise', joined: true },
  projectId: { sql: sql`m.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true },
  contractNumber: { sql: sql`m.contract_number`, kind: 'text', label: 'Numéro de contrat' },
  maxAmountDC4: { sql: sql`m.max_amount_dc4`, kind: 'money', label: 'Montant max DC4 (€ HT)', summable: true },
  tva: { sql: sql`m.tva`, kind: 'enum', label: 'TVA' },
  depositType: { sql: sql`m.deposit_type`, kind: 'enum', label: 'Type de retenue' },
  rgRate: { sql: sql`m.rg_rate`, kind: 'number', label: 'Taux RG (%)' },
  threshold: { sql: sql`m.threshold`, kind: 'money', label: 'Seuil (€)' },
  paymentTypeName: { sql: sql`pt.name`, kind: 'text', label: 'Type de paiement', joined: true },
  paymentTermName: { sql: sql`pm.name`, kind: 'text', label: 'Condition de paiement', joined: true },
  toEvaluate: { sql: sql`m.to_evaluate`, kind: 'boolean', label: 'À évaluer' },
  active: { sql: sql`m.active`, kind: 'boolean', label: 'Actif' },
  nodeId: { sql: sql`wn.id`, kind: 'id', label: 'Étape (id)', hiddenInCsv: true, joined: true },
  nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut', joined: true },
  createdAt: { sql: sql`m.created_at`, kind: 'date', label: 'Créé le' },
} satisfies ColumnsOf<MarketRow>;

/** The market list (spec 2 /sst/markets), scoped by the caller's visibility. */
export const marketList = defineList<MarketRow>({
  name: 'markets',
  from,
  countFrom: sql`markets m`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: joinedMarketScope,
});

/** The active markets the pickers offer (`GET /markets/active`): BPU creation, later orders. */
export const activeMarketList = defineList({ ...marketList, name: 'markets-active', where: sql`m.active` });
