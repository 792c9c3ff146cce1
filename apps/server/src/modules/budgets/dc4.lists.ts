import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import { joinedMarketScope } from '../markets/index.js';

/**
 * The DC4 of every market (spec 2 DC4, docs/money.md "Budgets"), `dc4-figures.ts` in SQL: one row per
 * market (a market belongs to one project), its sums read from `market_figures`, which the writes that
 * change them keep current (orders module `market-figures.ts`, docs/decisions.md "Stored market
 * figures"); a market without a row has nothing validated nor ordered.
 */
const joinProject = sql`JOIN projects p ON p.id = m.project_id`;
const joinAgency = sql`JOIN agencies a ON a.id = m.agency_id`;
const joinFigures = sql`LEFT JOIN market_figures mf ON mf.market_id = m.id`;
const paid = sql`coalesce(mf.amount_paid, 0.00)`;
const inStatement = sql`coalesce(mf.amount_in_statement, 0.00)`;
const notInvoiced = sql`coalesce(mf.amount_not_invoiced, 0.00)`;
const total = sql`(${paid} + ${inStatement} + ${notInvoiced})`;
const ordered = sql`coalesce(mf.amount_ordered, 0.00)`;

const available = sql`(m.max_amount_dc4 - ${total})`;
const rad = sql`(${ordered} - ${total})`;

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
  amountPayedAttachments: money('Attachements payés', paid, joinFigures),
  amountMonthlyStatementAttachments: money('Attachements en situation', inStatement, joinFigures),
  amountValidatedAttachments: money('Attachements validés', notInvoiced, joinFigures),
  totalAttachementAmount: money('Total attachements', total, joinFigures),
  availableOnDc4: money('Disponible sur DC4', available, joinFigures),
  amountOrdered: money('Commandé', ordered, joinFigures),
  radAmount: money('Reste à faire (RAD)', rad, joinFigures),
  availableOnDc4WithRAD: money('Disponible sur DC4 avec RAD', sql`(${available} - ${rad})`, joinFigures),
};

/** GET /budget/dc4: the markets in the caller's scope (spec 2 §6), by project then market. */
export const dc4List = defineList({
  name: 'budget-dc4',
  from: sql`markets m ${sql.join([joinProject, joinAgency, joinFigures], sql` `)}`,
  countFrom: sql`markets m`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: joinedMarketScope,
});
