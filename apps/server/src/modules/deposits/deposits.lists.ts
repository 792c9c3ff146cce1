import { sql } from 'drizzle-orm';
import type { ListColumn } from '../../platform/list-engine.js';
import { defineMarketRowList } from '../markets/index.js';

/**
 * A deposit with its market (project, agency) and optional order; what the attachments consumed of it is
 * stored on the deposit (`deposits.used`, the sum of its `attachment_deposits` kept by triggers: migration
 * 0046), so remaining = amount − used. The count and the totals read the deposit and its market (the scope)
 * alone when no filter reads a joined name.
 */
const countFrom = sql`deposits d JOIN markets m ON m.id = d.market_id`;
const from = sql`${countFrom}
  JOIN projects p ON p.id = m.project_id
  JOIN agencies a ON a.id = m.agency_id
  LEFT JOIN orders o ON o.id = d.order_id`;

const columns: Record<string, ListColumn> = {
  id: { sql: sql`d.id`, kind: 'id', label: 'ID' },
  version: { sql: sql`d.version`, kind: 'number', label: 'Version', hiddenInCsv: true, filterable: false, sortable: false },
  reference: { sql: sql`d.reference`, kind: 'text', label: 'Référence' },
  marketId: { sql: sql`d.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance' },
  projectId: { sql: sql`m.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true },
  agencyId: { sql: sql`m.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true },
  orderId: { sql: sql`d.order_id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
  orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande', joined: true, grams: true },
  amount: { sql: sql`d.amount`, kind: 'money', label: 'Montant (€)', summable: true },
  depositUsed: { sql: sql`d.used`, kind: 'money', label: 'Consommé (€)', summable: true },
  remaining: { sql: sql`greatest(d.amount - d.used, 0)`, kind: 'money', label: 'Restant (€)', summable: true },
  reimbursementDate: { sql: sql`d.reimbursement_date`, kind: 'date', label: 'Date de remboursement' },
  depositType: {
    sql: sql`coalesce(o.deposit_type, m.deposit_type)`,
    kind: 'enum',
    label: 'Type de retenue',
    hiddenInCsv: true,
    joined: true,
  },
  createdAt: { sql: sql`d.created_at`, kind: 'date', label: 'Créée le' },
};

/**
 * The deposits list (spec 2 /sst/deposits): filters by project, market and reference among the
 * columns; newest first (spec 2 §9); scoped as markets, so a subcontractor never sees another agency's.
 */
export const depositList = defineMarketRowList({ name: 'deposits', from, countFrom, columns });
