import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every editable record carries: optimistic-lock version and timestamps. */
export const versioned = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};
