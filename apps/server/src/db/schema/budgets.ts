import { date, index, integer, numeric, pgTable } from 'drizzle-orm/pg-core';

/**
 * The OD mask's rows stored ahead (docs/decisions.md "Budget OD rows"): one per attachment invoiced in a
 * monthly statement and per prestation type of its lines, with the statement's date and market and the sum
 * of those line totals. The row id is the smallest attachment line id of the group (an attachment belongs to
 * at most one statement, so it is unique). Kept by the database's triggers on the statement links, the
 * attachment lines, the statements' date and market and the prestations' type (migration 0047), whatever
 * writes them; the eOTPs, the attachment reference and the type name are joined on read. The screen walks
 * `(statement_date, id)` newest first and sums one month's rows instead of grouping every invoiced line.
 */
export const budgetOdRows = pgTable(
  'budget_od_rows',
  {
    id: integer('id').primaryKey(),
    statementId: integer('statement_id').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    marketId: integer('market_id').notNull(),
    attachmentId: integer('attachment_id').notNull(),
    typeId: integer('type_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (table) => [
    // the list's ORDER BY statement_date DESC NULLS LAST, id DESC (and its reverse) walks it
    index('budget_od_rows_date_idx').on(table.statementDate.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('budget_od_rows_attachment_idx').on(table.attachmentId),
    index('budget_od_rows_statement_idx').on(table.statementId),
  ],
);
