import { MONTHLY_STATEMENT_ENTITY } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import {
  ATTACHMENT_ENTITY,
  ATTACHMENT_VALIDATED_NODES_SQL,
  attachmentScope,
  rgReleaseDateSql,
  rgReleasedSql,
} from '../attachments/index.js';
import { marketScope } from '../markets/index.js';

export { MONTHLY_STATEMENT_ENTITY };

/** A statement with its market (agency, company, project) and the totals of the attachments it invoices. */
const from = sql`monthly_statements s
  JOIN markets m ON m.id = s.market_id
  JOIN agencies a ON a.id = m.agency_id
  JOIN companies c ON c.id = a.company_id
  JOIN projects p ON p.id = m.project_id
  LEFT JOIN LATERAL (SELECT count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
      coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
    FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
    WHERE msa.statement_id = s.id) t ON TRUE`;

/** Spec 2 Monthly statement list: links to market, company, agency, project and statement. */
const columns: Record<string, ListColumn> = {
  id: { sql: sql`s.id`, kind: 'id', label: 'ID' },
  date: { sql: sql`s.date`, kind: 'date', label: 'Date' },
  marketId: { sql: sql`s.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance' },
  companyId: { sql: sql`a.company_id`, kind: 'id', label: 'Entreprise (id)', hiddenInCsv: true },
  companyName: { sql: sql`c.name`, kind: 'text', label: 'Entreprise' },
  agencyId: { sql: sql`m.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence' },
  projectId: { sql: sql`m.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet' },
  sapReference: { sql: sql`s.sap_reference`, kind: 'text', label: 'Référence SAP' },
  theoreticalPaymentDate: { sql: sql`s.theoretical_payment_date`, kind: 'date', label: 'Date théorique de paiement' },
  paidAt: { sql: sql`s.paid_at`, kind: 'date', label: 'Payée le' },
  paid: { sql: sql`(s.paid_at IS NOT NULL)`, kind: 'boolean', label: 'Payée' },
  locked: { sql: sql`s.locked`, kind: 'boolean', label: 'Verrouillée' },
  totalAmount: { sql: sql`t.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
  rgamount: { sql: sql`t.rg`, kind: 'money', label: 'RG (€)', summable: true },
  depositUsed: { sql: sql`t.used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
  attachementCount: { sql: sql`t.count`, kind: 'number', label: "Nombre d'attachements" },
  createdAt: { sql: sql`s.created_at`, kind: 'date', label: 'Créée le' },
};

/**
 * The monthly statement list (spec 2 /sst/situations): newest first (spec 2 §9); scoped as markets, so
 * a subcontractor never sees another agency's statements.
 */
export const statementList = defineList({
  name: 'situations',
  from,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'desc' },
  scope: (principal) => marketScope(principal, { projectId: sql`m.project_id`, agencyId: sql`m.agency_id` }),
});

/**
 * The attachments whose RG a statement may release (GET /situation/{id}/rgreleases/candidates, the detail's
 * picker): validated (att_validated, att_prepared_for_payment, att_paid), RG above zero, released in no
 * statement; the route narrows it to the statement's market. Scoped as attachments.
 */
export const releaseCandidateList = defineList({
  name: 'situation-rg-candidates',
  from: sql`attachments att JOIN orders o ON o.id = att.order_id
    JOIN workflow_tokens wtk ON wtk.entity_name = ${ATTACHMENT_ENTITY} AND wtk.entity_id = att.id
    JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
    reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence' },
    orderId: { sql: sql`o.id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
    orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande' },
    totalRg: { sql: sql`att.rg`, kind: 'money', label: 'RG (€)', summable: true },
    rgReleaseDate: { sql: rgReleaseDateSql('att', 'o'), kind: 'date', label: 'Libération de la RG' },
    nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut' },
  },
  defaultSort: { column: 'reference', direction: 'asc' },
  where: sql`wn.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}) AND att.rg > 0 AND NOT ${rgReleasedSql('att')}`,
  scope: (principal) => attachmentScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
});

/**
 * The attachments a statement may still invoice (GET /situation/{id}/agencyattachements, the detail's "add
 * attachments" picker): validated (att_validated, att_prepared_for_payment, att_paid) and invoiced by no
 * statement; the route narrows it to the statement's market (one agency's). Scoped as attachments.
 */
export const invoiceCandidateList = defineList({
  name: 'situation-attachment-candidates',
  from: sql`attachments att JOIN orders o ON o.id = att.order_id
    JOIN workflow_tokens wtk ON wtk.entity_name = ${ATTACHMENT_ENTITY} AND wtk.entity_id = att.id
    JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
    reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence' },
    orderId: { sql: sql`o.id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
    orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande' },
    amount: { sql: sql`att.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
    totalRg: { sql: sql`att.rg`, kind: 'money', label: 'RG (€)', summable: true },
    depositUsed: { sql: sql`att.deposit_used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
    nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut' },
  },
  defaultSort: { column: 'reference', direction: 'asc' },
  where: sql`wn.code IN (${ATTACHMENT_VALIDATED_NODES_SQL})
    AND NOT EXISTS (SELECT 1 FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id)`,
  scope: (principal) => attachmentScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
});
