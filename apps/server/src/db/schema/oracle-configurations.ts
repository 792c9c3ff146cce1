import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from './columns.js';

/**
 * Settings ISF puts on what it sends to the ERP (Oracle Fusion procurement: purchase orders, receipts,
 * retention invoices). `code` is the key the senders read; only `value` is edited by users.
 */
export const oracleConfigurations = pgTable(
  'oracle_configurations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    value: text('value').notNull(),
    ...versioned,
  },
  (table) => [uniqueIndex('oracle_configurations_code_unique').on(table.code)],
);
