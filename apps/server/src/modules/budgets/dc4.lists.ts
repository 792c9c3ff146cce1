import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import { marketScope } from '../markets/index.js';
import { attachmentValidatedSql, orderOrderedSql } from './budget-sql.js';

/**
 * The DC4 of every market (spec 2 DC4, docs/money.md "Budgets"), `dc4-figures.ts` in SQL: one row per
 * market (a market belongs to one project). The sums are lateral subqueries on one market, read through
 * the market's orders (`orders_market_idx`) and each order's attachments (`attachments_order_sequence_unique`);
 * the list counts `markets m` alone and a page picks its 50 markets first (list-engine
 * `buildPageStatement`), so a first page sums the attachments of 50 markets only.
 */
const joinProject = sql`JOIN projects p ON p.id = m.project_id`;
const joinAgency = sql`JOIN agencies a ON a.id = m.agency_id`;
const joinDone = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(att.amount) FILTER (WHERE ms.paid_at IS NOT NULL), 0)::numeric(18, 2) AS paid,
      coalesce(sum(att.amount) FILTER (WHERE ms.id IS NOT NULL AND ms.paid_at IS NULL), 0)::numeric(18, 2) AS in_statement,
      coalesce(sum(att.amount) FILTER (WHERE ms.id IS NULL), 0)::numeric(18, 2) AS not_invoiced,
      coalesce(sum(att.amount), 0)::numeric(18, 2) AS total
    FROM orders o
    JOIN attachments att ON att.order_id = o.id
    LEFT JOIN monthly_statement_attachments msa ON msa.attachment_id = att.id
    LEFT JOIN monthly_statements ms ON ms.id = msa.statement_id
    WHERE o.market_id = m.id AND ${attachmentValidatedSql('att')}
  ) d ON TRUE`;
const joinOrdered = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(o.total), 0)::numeric(18, 2) AS ordered
    FROM orders o WHERE o.market_id = m.id AND ${orderOrderedSql('o')}
  ) r ON TRUE`;

const available = sql`(m.max_amount_dc4 - d.total)`;
const rad = sql`(r.ordered - d.total)`;

const money = (label: string, expression: SQL, join: SQL | SQL[]): ListColumn => ({
  sql: expression,
  kind: 'money',
  label,
  summable: true,
  joined: true,
  join,
});

const columns: Record<string, ListColumn> = {
  id: { sql: sql`m.id`, kind: 'id', label: 'ID', hiddenInCsv: true },
  projectId: { sql: sql`m.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true, join: joinProject },
  marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Contrat de sous-traitance' },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true, join: joinAgency },
  maxAmountDc4Ht: { sql: sql`m.max_amount_dc4`, kind: 'money', label: 'Montant max DC4 HT', summable: true },
  amountPayedAttachments: money('Attachements payés', sql`d.paid`, joinDone),
  amountMonthlyStatementAttachments: money('Attachements en situation', sql`d.in_statement`, joinDone),
  amountValidatedAttachments: money('Attachements validés', sql`d.not_invoiced`, joinDone),
  totalAttachementAmount: money('Total attachements', sql`d.total`, joinDone),
  availableOnDc4: money('Disponible sur DC4', available, joinDone),
  amountOrdered: money('Commandé', sql`r.ordered`, joinOrdered),
  radAmount: money('Reste à faire (RAD)', rad, [joinDone, joinOrdered]),
  availableOnDc4WithRAD: money('Disponible sur DC4 avec RAD', sql`(${available} - ${rad})`, [joinDone, joinOrdered]),
};

/** GET /budget/dc4: the markets in the caller's scope (spec 2 §6), by project then market. */
export const dc4List = defineList({
  name: 'budget-dc4',
  from: sql`markets m ${sql.join([joinProject, joinAgency, joinDone, joinOrdered], sql` `)}`,
  countFrom: sql`markets m`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => marketScope(principal, { projectId: sql`m.project_id`, agencyId: sql`m.agency_id` }),
});
