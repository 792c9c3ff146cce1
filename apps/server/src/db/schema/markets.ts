import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from './columns.js';
import { contracts } from './contracts.js';
import { agencies, projects } from './organisation.js';
import { paymentTerms, paymentTypes } from './reference.js';

/**
 * Subcontractor markets (contractor agreements, spec 2 §3): the agreement between the company and a
 * subcontractor agency on a project, with its VAT, retention (RG) and payment terms. Amounts are
 * `numeric`, never binary floats.
 */
export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    edifice: text('edifice').notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The contract the market belongs to (spec 2 Contractor agreement); the number stays as typed. */
    contractId: integer('contract_id').references(() => contracts.id),
    maxAmountDc4: numeric('max_amount_dc4', { precision: 14, scale: 2 }).notNull(),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id),
    paymentTermId: integer('payment_term_id')
      .notNull()
      .references(() => paymentTerms.id),
    /** basic (20 %), tenPercents (10 %), reverseCharge. */
    tva: text('tva').notNull(),
    /** basic, withThreshold, notApplicable. */
    depositType: text('deposit_type').notNull(),
    /** Percent; only for basic and withThreshold retentions. */
    rgRate: numeric('rg_rate', { precision: 5, scale: 2 }),
    /** EUR; only for withThreshold retentions. */
    threshold: numeric('threshold', { precision: 14, scale: 2 }),
    toEvaluate: boolean('to_evaluate').notNull().default(false),
    active: boolean('active').notNull().default(true),
    contractNumber: text('contract_number'),
    dateEndOfContract: date('date_end_of_contract', { mode: 'string' }),
    sapReference: text('sap_reference'),
    clientBdc: text('client_bdc'),
    eotpSt: text('eotp_st'),
    ...versioned,
  },
  (table) => [
    uniqueIndex('markets_edifice_unique').on(table.edifice.asc().nullsFirst()),
    index('markets_agency_idx').on(table.agencyId),
    index('markets_project_idx').on(table.projectId),
    index('markets_contract_idx').on(table.contractId),
    check('markets_tva_check', sql`${table.tva} IN ('basic', 'tenPercents', 'reverseCharge')`),
    check('markets_deposit_type_check', sql`${table.depositType} IN ('basic', 'withThreshold', 'notApplicable')`),
    check(
      'markets_retention_check',
      sql`(${table.depositType} = 'notApplicable' OR ${table.rgRate} IS NOT NULL) AND (${table.depositType} = 'withThreshold' OR ${table.threshold} IS NULL)`,
    ),
  ],
);

/**
 * The DC4 figures of a market (docs/money.md "Budgets"), the sums of its orders' stored figures
 * (`orders.dc4_*`, `orders.ordered_amount`), stored for the budget screens and kept current by the same
 * writes (`modules/orders/market-figures.ts`, docs/decisions.md "Stored market figures"). A market
 * without a row has nothing validated nor ordered.
 */
export const marketFigures = pgTable('market_figures', {
  marketId: integer('market_id')
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  /** Σ amount of its validated attachments invoiced in a paid statement. */
  amountPaid: numeric('amount_paid', { precision: 18, scale: 2 }).notNull().default('0'),
  /** … in an unpaid statement. */
  amountInStatement: numeric('amount_in_statement', { precision: 18, scale: 2 }).notNull().default('0'),
  /** … in no statement. */
  amountNotInvoiced: numeric('amount_not_invoiced', { precision: 18, scale: 2 }).notNull().default('0'),
  /** Σ total of its orders standing on os_validated or os_closed. */
  amountOrdered: numeric('amount_ordered', { precision: 18, scale: 2 }).notNull().default('0'),
});
