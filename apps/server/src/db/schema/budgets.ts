import { bigint, date, index, integer, numeric, pgTable } from 'drizzle-orm/pg-core';

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

/**
 * The quantitatives stored ahead (docs/decisions.md "Market quantities"): per project, market, imputation,
 * OSCAR sub-project, prestation and unit price (the lines' snapshots), the quantity and amount of the ordered
 * orders' lines (on os_validated or os_closed) and of the validated attachments' lines. The row id is the
 * smallest line key of the group (order line id × 2, attachment line id × 2 + 1), as the screen numbered its
 * rows. Kept by the database's triggers on the order and attachment lines, the workflow tokens of orders and
 * attachments and the orders' keys (migration 0047), which regroup the (market, prestation) pairs a write
 * touches; the names (project, market, imputation, sub-project, prestation, unit) are joined on read.
 */
export const marketQuantities = pgTable(
  'market_quantities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    marketId: integer('market_id').notNull(),
    imputationId: integer('imputation_id'),
    oscarSubprojectId: integer('oscar_subproject_id'),
    prestationId: integer('prestation_id').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    quantityOrdered: numeric('quantity_ordered', { precision: 16, scale: 1 }).notNull(),
    quantityDone: numeric('quantity_done', { precision: 16, scale: 1 }).notNull(),
    amountOrdered: numeric('amount_ordered', { precision: 18, scale: 2 }).notNull(),
    amountDone: numeric('amount_done', { precision: 18, scale: 2 }).notNull(),
  },
  (table) => [
    index('market_quantities_market_prestation_idx').on(table.marketId, table.prestationId),
    index('market_quantities_prestation_idx').on(table.prestationId),
  ],
);

/**
 * The quantitatives' rows and amounts summed per market (`market_quantities`), recomputed with its groups
 * by the same function: the screen's count and totals read 4,000 rows instead of every group. Also the lock
 * that orders two writers regrouping one market's lines.
 */
export const marketQuantityTotals = pgTable('market_quantity_totals', {
  marketId: integer('market_id').primaryKey(),
  groups: bigint('groups', { mode: 'number' }).notNull().default(0),
  amountOrdered: numeric('amount_ordered', { precision: 18, scale: 2 }).notNull().default('0'),
  amountDone: numeric('amount_done', { precision: 18, scale: 2 }).notNull().default('0'),
});
