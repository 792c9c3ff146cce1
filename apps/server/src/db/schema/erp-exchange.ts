import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { tasks } from './tasks.js';

/** One line error of a receipt the ERP refused: ISF's line number, its prestation, the ERP's words. */
export type ErpSendLineError = { lineNumber: number; label: string | null; message: string };

/**
 * Each accepted request to send an order (purchase order) or an attachment (receipt) to the ERP
 * (modules/erp-exchange). The row, its idempotency key and the pg-boss job that carries the key are
 * written in one transaction; at most one send of a document runs at a time (partial unique index).
 */
export const erpSends = pgTable(
  'erp_sends',
  {
    id: serial('id').primaryKey(),
    /** 'order' (purchase order) or 'attachement' (receipt). */
    document: text('document').notNull(),
    entityId: integer('entity_id').notNull(),
    /** ISF's reference of the document, by which the ERP is asked whether it already has it. */
    reference: text('reference').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** CREATED, PROCESSING, SUCCESS, ERROR (not delivered after the retries), FAILURE (refused by the ERP). */
    status: text('status').notNull().default('CREATED'),
    /** The ERP's technical key of what it holds (POHeaderId, HeaderInterfaceId). */
    erpDocumentId: text('erp_document_id'),
    /** The ERP's number of the document once accepted (purchase order number, receipt number). */
    erpId: text('erp_id'),
    message: text('message'),
    lineErrors: jsonb('line_errors').$type<ErpSendLineError[]>().notNull().default(sql`'[]'::jsonb`),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('erp_sends_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('erp_sends_running_unique')
      .on(table.document, table.entityId)
      .where(sql`${table.status} IN ('CREATED', 'PROCESSING')`),
    index('erp_sends_document_idx').on(table.document, table.entityId, table.id),
    check('erp_sends_document_check', sql`${table.document} IN ('order', 'attachement')`),
    check('erp_sends_status_check', sql`${table.status} IN ('CREATED', 'PROCESSING', 'SUCCESS', 'ERROR', 'FAILURE')`),
  ],
);
