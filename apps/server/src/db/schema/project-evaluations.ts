import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { attachments } from './attachments.js';
import { evaluations } from './evaluations.js';
import { orders } from './orders.js';

/**
 * How the project evaluation question of an order was answered for one attachment month (spec 1 §4
 * rule 6): `evaluated` (its evaluation, kept null once that evaluation is deleted) or `skipped`. One row
 * per order and month, so the form is not asked again for that order that month.
 */
export const projectEvaluationAnswers = pgTable(
  'project_evaluation_answers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The first day of the attachment month. */
    month: date('month', { mode: 'string' }).notNull(),
    outcome: text('outcome').notNull(),
    evaluationId: integer('evaluation_id').references(() => evaluations.id, { onDelete: 'set null' }),
    attachmentId: integer('attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('project_evaluation_answers_order_month_unique').on(table.orderId, table.month),
    check('project_evaluation_answers_outcome_check', sql`${table.outcome} IN ('evaluated', 'skipped')`),
    check('project_evaluation_answers_month_check', sql`extract(day FROM ${table.month}) = 1`),
  ],
);
