import type { OracleImputationSyncStatus, RgWarrantyStatus } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attachments } from './attachments.js';
import { versioned } from './columns.js';
import { oracleProjects, oracleTasks } from './erp-projects.js';
import { monthlyStatements } from './monthly-statements.js';
import { orders } from './orders.js';
import { imputations } from './organisation.js';

/**
 * ERP imputations (spec 2 §3): one eOTP with the ERP project and task numbers it is charged to, as
 * imported; the synchronisation resolves them to ERP project and task (`oracle_project_id`,
 * `oracle_task_id`); `imputation_id` is ISF's imputation of the same eOTP, when there is one.
 */
export const oracleImputations = pgTable(
  'oracle_imputations',
  {
    id: serial('id').primaryKey(),
    eotp: text('eotp').notNull(),
    prestationType: text('prestation_type'),
    projectNumber: text('project_number').notNull(),
    organization: text('organization'),
    taskNumber: text('task_number').notNull(),
    imputationId: integer('imputation_id').references(() => imputations.id, { onDelete: 'set null' }),
    oracleProjectId: integer('oracle_project_id').references(() => oracleProjects.id, { onDelete: 'set null' }),
    oracleTaskId: integer('oracle_task_id').references(() => oracleTasks.id, { onDelete: 'set null' }),
    syncStatus: text('sync_status').$type<OracleImputationSyncStatus>().notNull().default('NOT_SYNCED'),
    syncMessage: text('sync_message'),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'string' }),
    ...versioned,
  },
  (table) => [
    uniqueIndex('oracle_imputations_eotp_unique').on(table.eotp),
    index('oracle_imputations_imputation_idx').on(table.imputationId),
    check(
      'oracle_imputations_sync_status_check',
      sql`${table.syncStatus} IN ('NOT_SYNCED', 'SYNCED', 'PROJECT_NOT_FOUND', 'TASK_NOT_FOUND')`,
    ),
  ],
);

/** The orders bound to an ERP imputation by their eOTP (step 3), the ones step 4 sends; one imputation per order. */
export const oracleImputationOrders = pgTable(
  'oracle_imputation_orders',
  {
    oracleImputationId: integer('oracle_imputation_id')
      .notNull()
      .references(() => oracleImputations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    boundAt: timestamp('bound_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.oracleImputationId, table.orderId] }),
    uniqueIndex('oracle_imputation_orders_order_unique').on(table.orderId),
  ],
);

/**
 * ERP retention warranties (spec 2 §3 ERP RG warranty): the RG of an attachment released in a paid
 * statement, sent to the ERP as a retention invoice numbered `invoice_number`; one per attachment.
 * `amount` is the release's amount when the statement was paid (it never moves afterwards).
 */
export const oracleRgWarranties = pgTable(
  'oracle_rg_warranties',
  {
    id: serial('id').primaryKey(),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    statementId: integer('statement_id')
      .notNull()
      .references(() => monthlyStatements.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    status: text('status').$type<RgWarrantyStatus>().notNull().default('PROCESSING'),
    statusReason: text('status_reason'),
    erpInvoiceId: text('erp_invoice_id'),
    ...versioned,
  },
  (table) => [
    uniqueIndex('oracle_rg_warranties_attachment_unique').on(table.attachmentId),
    uniqueIndex('oracle_rg_warranties_invoice_number_unique').on(table.invoiceNumber),
    index('oracle_rg_warranties_statement_idx').on(table.statementId),
    check('oracle_rg_warranties_status_check', sql`${table.status} IN ('PROCESSING', 'SUCCESS', 'ERROR')`),
    check('oracle_rg_warranties_amount_check', sql`${table.amount} >= 0`),
  ],
);
