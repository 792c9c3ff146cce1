import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { versioned } from './columns.js';

/** Popup notifications (spec 3 Popup editor): an announcement shown to the users it targets. */
export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Markdown text, rendered by the web as React elements (never as HTML). */
  content: text('content').notNull().default(''),
  active: boolean('active').notNull().default(true),
  ...versioned,
});

/** The users a popup targets, with when each saw it (readedAt) and closed it (closedAt). */
export const popupUsers = pgTable(
  'popup_users',
  {
    id: serial('id').primaryKey(),
    popupId: integer('popup_id')
      .notNull()
      .references(() => popups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readedAt: timestamp('readed_at', { withTimezone: true, mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('popup_users_popup_user_unique').on(table.popupId, table.userId),
    index('popup_users_user_idx').on(table.userId, table.popupId),
  ],
);
