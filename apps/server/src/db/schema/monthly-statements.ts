import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { attachments } from './attachments.js';
import { versioned } from './columns.js';
import { markets } from './markets.js';
import { projects } from './organisation.js';
import { tasks } from './tasks.js';

/**
 * Monthly statements (situations, spec 2 §3): what the company pays a subcontractor on a market for a
 * period. It invoices validated attachments (`monthly_statement_attachments`) and pays back the RG of
 * attachments whose release is due (`monthly_statement_rg_releases`); its figures are derived from them
 * (`modules/monthly-statements/statement-figures.ts`); only the list's sums of the invoiced attachments are
 * also stored on the row, kept by triggers (below). Paid statements are locked.
 */
export const monthlyStatements = pgTable(
  'monthly_statements',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    date: date('date', { mode: 'string' }).notNull().default(sql`CURRENT_DATE`),
    sapReference: text('sap_reference'),
    theoreticalPaymentDate: date('theoretical_payment_date', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    locked: boolean('locked').notNull().default(false),
    depositAmount: numeric('deposit_amount', { precision: 14, scale: 2 }),
    depositReleaseDate: date('deposit_release_date', { mode: 'string' }),
    creatorId: integer('creator_id').references(() => users.id),
    /** The month (YYYY-MM) a generation made it for; null for a statement created by hand. */
    generatedMonth: text('generated_month'),
    /**
     * The list's figures of the attachments it invoices (how many, and the sums of their amount, RG and
     * deposit used), kept by the database's triggers on `monthly_statement_attachments` and on the
     * invoiced attachments' amounts (migrations 0041 and 0056), so the list and its totals read one row per
     * statement.
     */
    attachmentCount: integer('attachment_count').notNull().default(0),
    attachmentAmount: numeric('attachment_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    attachmentRg: numeric('attachment_rg', { precision: 14, scale: 2 }).notNull().default('0'),
    attachmentDepositUsed: numeric('attachment_deposit_used', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * The RG released in it (Σ of its `monthly_statement_rg_releases`), kept by a trigger on the releases
     * (migration 0055): what the statement list shows and the statement summaries' TTC is computed from, with
     * the stored sums above.
     */
    rgReleased: numeric('rg_released', { precision: 14, scale: 2 }).notNull().default('0'),
    ...versioned,
  },
  (table) => [
    index('monthly_statements_market_idx').on(table.marketId),
    // one generated statement per market and month: a second run in the month creates nothing
    uniqueIndex('monthly_statements_generated_month_unique').on(table.marketId, table.generatedMonth),
    // the OD mask's date range (budgets)
    index('monthly_statements_date_idx').on(table.date, table.id),
    check(
      'monthly_statements_payment_date_check',
      sql`${table.theoreticalPaymentDate} IS NULL OR ${table.theoreticalPaymentDate} > ${table.date}`,
    ),
    check('monthly_statements_deposit_amount_check', sql`${table.depositAmount} IS NULL OR ${table.depositAmount} >= 0`),
  ],
);

/** The attachments a statement invoices: an attachment belongs to at most one statement. */
export const monthlyStatementAttachments = pgTable(
  'monthly_statement_attachments',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => monthlyStatements.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('monthly_statement_attachments_attachment_unique').on(table.attachmentId),
    index('monthly_statement_attachments_statement_idx').on(table.statementId),
  ],
);

/**
 * The RG of an attachment paid back in a statement (the attachment's "release situation"): released once,
 * so at most one statement per attachment; `amount` is the RG released, as it stood when recorded.
 */
export const monthlyStatementRgReleases = pgTable(
  'monthly_statement_rg_releases',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => monthlyStatements.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('monthly_statement_rg_releases_attachment_unique').on(table.attachmentId),
    index('monthly_statement_rg_releases_statement_idx').on(table.statementId),
    check('monthly_statement_rg_releases_amount_check', sql`${table.amount} >= 0`),
  ],
);

/**
 * The statements summed per market (`statement_summaries`, migration 0055, docs/decisions.md "Statement
 * summaries"): their count and the sums of the figures the list totals — invoiced amount, RG, deposit used,
 * RG released and TTC (the VAT rounded per statement, at the market's rate, so the TTC is summed, not derived).
 * Kept by statement-level triggers on `monthly_statements` (and a row trigger on a market's VAT change); the
 * list's unfiltered count and totals read them, joined to the market for the caller's scope.
 */
export const statementSummaries = pgTable('statement_summaries', {
  marketId: integer('market_id').primaryKey(),
  statements: bigint('statements', { mode: 'number' }).notNull(),
  amount: numeric('amount').notNull(),
  rg: numeric('rg').notNull(),
  depositUsed: numeric('deposit_used').notNull(),
  rgReleased: numeric('rg_released').notNull(),
  ttc: numeric('ttc').notNull(),
});

/**
 * The scheduled generations (spec 3 project generation day): one row per project and month, written with
 * the task of the run in one transaction. Its key makes the schedule idempotent: two workers ticking at
 * once, or a tick later in the month, find the row and start nothing more.
 */
export const statementGenerationRuns = pgTable(
  'statement_generation_runs',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    month: text('month').notNull(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.month] })],
);
