import { MARKET_VAT_RATES } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { marketScope } from '../src/modules/markets/index.js';
import { defineList, type ListColumn } from '../src/platform/list-engine.js';

/**
 * The monthly statement list as it was before issue 14's stored statement figures (the oracle of
 * `statement-list.oracle.test.ts`): the invoiced attachments summed per statement in a lateral subquery,
 * one query over every join; what is due (issue 11) from those sums, as the list had it then.
 */
const from = sql`monthly_statements s
  JOIN markets m ON m.id = s.market_id
  JOIN agencies a ON a.id = m.agency_id
  JOIN companies c ON c.id = a.company_id
  JOIN projects p ON p.id = m.project_id
  LEFT JOIN LATERAL (SELECT count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
      coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
    FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
    WHERE msa.statement_id = s.id) t ON TRUE
  LEFT JOIN LATERAL (SELECT coalesce(sum(r.amount), 0)::numeric(14, 2) AS released
    FROM monthly_statement_rg_releases r WHERE r.statement_id = s.id) rel ON TRUE
  CROSS JOIN LATERAL (SELECT (t.amount - t.rg - t.used)::numeric(14, 2) AS net,
      (t.amount - t.rg - t.used + rel.released)::numeric(14, 2) AS payable) due
  CROSS JOIN LATERAL (SELECT round(due.payable * (100 + ${sql.raw(
    `CASE m.tva ${Object.entries(MARKET_VAT_RATES)
      .map(([tva, rate]) => `WHEN '${tva}' THEN ${Number(rate)}`)
      .join(' ')} ELSE 0 END`,
  )}) / 100, 2)::numeric(14, 2) AS ttc) vat`;

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
  totalAmountWithoutRG: { sql: sql`due.net`, kind: 'money', label: 'Montant hors RG et avance (€ HT)', summable: true },
  rgreleased: { sql: sql`rel.released`, kind: 'money', label: 'RG libérée (€)', summable: true },
  tvaamount: { sql: sql`(vat.ttc - due.payable)`, kind: 'money', label: 'TVA (€)', summable: true },
  totalAmountTTC: { sql: sql`vat.ttc`, kind: 'money', label: 'Montant TTC (€)', summable: true },
  attachementCount: { sql: sql`t.count`, kind: 'number', label: "Nombre d'attachements" },
  createdAt: { sql: sql`s.created_at`, kind: 'date', label: 'Créée le' },
};

export const formerStatementList = defineList({
  name: 'situations',
  from,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'desc' },
  scope: (principal) => marketScope(principal, { projectId: sql`m.project_id`, agencyId: sql`m.agency_id` }),
});

/** The statements whose stored figures differ from the sums of the attachments they invoice (none expected). */
export const STATEMENTS_WITH_STALE_FIGURES = sql`SELECT s.id FROM monthly_statements s
  LEFT JOIN LATERAL (SELECT count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
      coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
    FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
    WHERE msa.statement_id = s.id) t ON TRUE
  WHERE (s.attachment_count, s.attachment_amount, s.attachment_rg, s.attachment_deposit_used)
    IS DISTINCT FROM (t.count, t.amount, t.rg, t.used)
  ORDER BY s.id`;
