import { MARKET_VAT_RATES, MONTHLY_STATEMENT_ENTITY } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import {
  ATTACHMENT_ENTITY,
  ATTACHMENT_VALIDATED_NODES_SQL,
  attachmentScope,
  rgReleaseDateSql,
  rgReleasedSql,
} from '../attachments/index.js';
import { defineMarketRowList, joinedMarketScope } from '../markets/index.js';

export { MONTHLY_STATEMENT_ENTITY };

/** The market's VAT rate in percent (`MARKET_VAT_RATES`, the one table of rates): 0 under reverse charge. */
const vatRateSql = sql.raw(
  `CASE m.tva ${Object.entries(MARKET_VAT_RATES)
    .map(([tva, rate]) => `WHEN '${tva}' THEN ${Number(rate)}`)
    .join(' ')} ELSE 0 END`,
);

/**
 * A statement with its market (agency, company, project). The figures of the attachments it invoices are
 * stored on the statement (kept by triggers, migration 0041): the list, its count and its totals read one
 * row per statement, where a lateral sum per statement took 10 s for the totals of 183,811 statements.
 * The display joins are declared on their columns, so a page picks its ids over the statement and its
 * market (the scope reads the market) and reads the 50 rows with every join; what is due (the net, the VAT
 * and TTC) joins only where those columns are read. The RG released in the statement is stored on it too
 * (`rg_released`, kept by the releases' trigger, migration 0055), where a lateral sum of its releases ran per
 * statement.
 */
const joinAgency = sql`JOIN agencies a ON a.id = m.agency_id`;
const joinCompany = [joinAgency, sql`JOIN companies c ON c.id = a.company_id`];
const joinProject = sql`JOIN projects p ON p.id = m.project_id`;
const joinDue = [
  sql`CROSS JOIN LATERAL (SELECT (s.attachment_amount - s.attachment_rg - s.attachment_deposit_used)::numeric(14, 2) AS net,
      (s.attachment_amount - s.attachment_rg - s.attachment_deposit_used + s.rg_released)::numeric(14, 2) AS payable) due`,
  sql`CROSS JOIN LATERAL (SELECT round(due.payable * (100 + ${vatRateSql}) / 100, 2)::numeric(14, 2) AS ttc) vat`,
];
const countFrom = sql`monthly_statements s JOIN markets m ON m.id = s.market_id`;
const from = sql`${countFrom} ${sql.join([...joinCompany, joinProject, ...joinDue], sql` `)}`;

/** Spec 2 Monthly statement list: links to market, company, agency, project and statement. */
const columns: Record<string, ListColumn> = {
  id: { sql: sql`s.id`, kind: 'id', label: 'ID' },
  date: { sql: sql`s.date`, kind: 'date', label: 'Date' },
  marketId: { sql: sql`s.market_id`, kind: 'id', label: 'Marché (id)', hiddenInCsv: true },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance' },
  companyId: { sql: sql`a.company_id`, kind: 'id', label: 'Entreprise (id)', hiddenInCsv: true, joined: true, join: joinAgency },
  companyName: { sql: sql`c.name`, kind: 'text', label: 'Entreprise', joined: true, join: joinCompany },
  agencyId: { sql: sql`m.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true, join: joinAgency },
  projectId: { sql: sql`m.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true, join: joinProject },
  sapReference: { sql: sql`s.sap_reference`, kind: 'text', label: 'Référence SAP' },
  theoreticalPaymentDate: { sql: sql`s.theoretical_payment_date`, kind: 'date', label: 'Date théorique de paiement' },
  paidAt: { sql: sql`s.paid_at`, kind: 'date', label: 'Payée le' },
  paid: { sql: sql`(s.paid_at IS NOT NULL)`, kind: 'boolean', label: 'Payée' },
  locked: { sql: sql`s.locked`, kind: 'boolean', label: 'Verrouillée' },
  totalAmount: { sql: sql`s.attachment_amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
  rgamount: { sql: sql`s.attachment_rg`, kind: 'money', label: 'RG (€)', summable: true },
  depositUsed: { sql: sql`s.attachment_deposit_used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
  // what is due, as the detail's figures (statement-figures.ts, the test compares them): net without RG and
  // deposit, RG released in it, the market's VAT on both (none under reverse charge), TTC (half away from zero)
  totalAmountWithoutRG: {
    sql: sql`due.net`,
    kind: 'money',
    label: 'Montant hors RG et avance (€ HT)',
    summable: true,
    joined: true,
    join: joinDue,
  },
  rgreleased: { sql: sql`s.rg_released`, kind: 'money', label: 'RG libérée (€)', summable: true },
  tvaamount: { sql: sql`(vat.ttc - due.payable)`, kind: 'money', label: 'TVA (€)', summable: true, joined: true, join: joinDue },
  totalAmountTTC: { sql: sql`vat.ttc`, kind: 'money', label: 'Montant TTC (€)', summable: true, joined: true, join: joinDue },
  attachementCount: { sql: sql`s.attachment_count`, kind: 'number', label: "Nombre d'attachements" },
  createdAt: { sql: sql`s.created_at`, kind: 'date', label: 'Créée le' },
};

/**
 * The monthly statement list (spec 2 /sst/situations): newest first (spec 2 §9); scoped as markets, so
 * a subcontractor never sees another agency's statements.
 */
export const statementList = defineMarketRowList({
  name: 'situations',
  from,
  countFrom,
  columns,
  // the unfiltered count and totals: the statements summed per market (`statement_summaries`, kept by triggers,
  // docs/decisions.md "Statement summaries"), the caller's scope on their market as the list's own; a column
  // filter sums the rows above
  stored: {
    from: sql`statement_summaries ss JOIN markets m ON m.id = ss.market_id`,
    count: sql`ss.statements`,
    columns: {
      totalAmount: sql`ss.amount`,
      rgamount: sql`ss.rg`,
      depositUsed: sql`ss.deposit_used`,
      totalAmountWithoutRG: sql`(ss.amount - ss.rg - ss.deposit_used)`,
      rgreleased: sql`ss.rg_released`,
      tvaamount: sql`(ss.ttc - (ss.amount - ss.rg - ss.deposit_used + ss.rg_released))`,
      totalAmountTTC: sql`ss.ttc`,
    },
    where: (principal) => {
      const scope = principal ? joinedMarketScope(principal) : undefined;
      return scope ? sql`ss.statements <> 0 AND ${scope}` : sql`ss.statements <> 0`;
    },
  },
});

/** What the two attachment pickers of a statement share: the attachment, its order and node; scoped as attachments. */
const attachmentCandidates = {
  from: sql`attachments att JOIN orders o ON o.id = att.order_id
    JOIN workflow_tokens wtk ON wtk.entity_name = ${ATTACHMENT_ENTITY} AND wtk.entity_id = att.id
    JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
    reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence', grams: true },
    orderId: { sql: sql`o.id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
    orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande', grams: true },
  },
  defaultSort: { column: 'reference', direction: 'asc' },
  scope: (principal: Principal) => attachmentScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
} satisfies Partial<ListDefinition>;

/**
 * The attachments whose RG a statement may release (GET /situation/{id}/rgreleases/candidates, the detail's
 * picker): validated (att_validated, att_prepared_for_payment, att_paid), RG above zero, released in no
 * statement; the route narrows it to the statement's market. Scoped as attachments.
 */
export const releaseCandidateList = defineList({
  name: 'situation-rg-candidates',
  ...attachmentCandidates,
  columns: {
    ...attachmentCandidates.columns,
    totalRg: { sql: sql`att.rg`, kind: 'money', label: 'RG (€)', summable: true },
    rgReleaseDate: { sql: rgReleaseDateSql('att', 'o'), kind: 'date', label: 'Libération de la RG' },
    nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut' },
  },
  where: sql`wn.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}) AND att.rg > 0 AND NOT ${rgReleasedSql('att')}`,
});

/**
 * The attachments a statement may still invoice (GET /situation/{id}/agencyattachements, the detail's "add
 * attachments" picker): validated (att_validated, att_prepared_for_payment, att_paid) and invoiced by no
 * statement; the route narrows it to the statement's market (one agency's). Scoped as attachments.
 */
export const invoiceCandidateList = defineList({
  name: 'situation-attachment-candidates',
  ...attachmentCandidates,
  columns: {
    ...attachmentCandidates.columns,
    amount: { sql: sql`att.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
    totalRg: { sql: sql`att.rg`, kind: 'money', label: 'RG (€)', summable: true },
    depositUsed: { sql: sql`att.deposit_used`, kind: 'money', label: 'Avance consommée (€)', summable: true },
    nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut' },
  },
  where: sql`wn.code IN (${ATTACHMENT_VALIDATED_NODES_SQL})
    AND NOT EXISTS (SELECT 1 FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id)`,
});

/**
 * The client-BDC export (GET or POST /monthlystatements/csv/clientBdc, spec 2 Monthly statement list "CSV
 * downloads"): one row per statement and client purchase-order number (the `clientBdc` of the orders of
 * the attachments it invoices; empty when an order has none), with the money of those attachments — what
 * the client is invoiced under each of its purchase orders. The statement list's columns stay filterable
 * and sortable (the screen posts its list state), only those of the statement itself are written; a
 * statement invoicing nothing has no row. Rows: the list's order, then the client BDC.
 */
export const statementClientBdcList = defineList({
  name: 'situations-clientbdc',
  from: sql`${from}
    JOIN LATERAL (SELECT nullif(btrim(o.client_bdc), '') AS bdc, count(*)::integer AS count,
        sum(att.amount)::numeric(14, 2) AS amount, sum(att.rg)::numeric(14, 2) AS rg, sum(att.deposit_used)::numeric(14, 2) AS used
      FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
        JOIN orders o ON o.id = att.order_id
      WHERE msa.statement_id = s.id
      GROUP BY nullif(btrim(o.client_bdc), '')) b ON TRUE`,
  idColumn: 'id',
  columns: {
    // the list's columns without their declared joins: this export's `from` holds every join already
    ...Object.fromEntries(
      Object.entries(columns).map(([name, { join: _join, joined: _joined, ...column }]) => [
        name,
        column.kind === 'money' || ['attachementCount', 'locked', 'createdAt', 'paid'].includes(name)
          ? { ...column, hiddenInCsv: true }
          : column,
      ]),
    ),
    clientBdc: { sql: sql`b.bdc`, kind: 'text', label: 'BDC client' },
    bdcAttachementCount: { sql: sql`b.count`, kind: 'number', label: "Nombre d'attachements" },
    bdcAmount: { sql: sql`b.amount`, kind: 'money', label: 'Montant (€ HT)' },
    bdcRg: { sql: sql`b.rg`, kind: 'money', label: 'RG (€)' },
    bdcDepositUsed: { sql: sql`b.used`, kind: 'money', label: 'Avance consommée (€)' },
    bdcNet: { sql: sql`(b.amount - b.rg - b.used)`, kind: 'money', label: 'Montant hors RG et avance (€ HT)' },
  },
  defaultSort: { column: 'id', direction: 'desc' },
  tieBreak: ['clientBdc'],
  scope: statementList.scope,
});
