import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Notifications (spec 1 §3): one row per recipient profile, written by `notify`
 * (modules/notifications). The template code names the kind (`NOTIFICATION_TEMPLATES` of the contract)
 * and the context holds the fields it renders.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Who caused it; null for the system (jobs, demo data). */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    readedAt: timestamp('readed_at', { withTimezone: true, mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    // the latest of a user (bell) and the user's pages, id descending
    index('notifications_user_idx').on(table.userId, table.id),
    // the bell's unread count
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readedAt} IS NULL`),
  ],
);
