import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from './columns.js';

export const units = pgTable(
  'units',
  { id: serial('id').primaryKey(), name: text('name').notNull(), oracleCode: text('oracle_code'), ...versioned },
  (table) => [uniqueIndex('units_name_unique').on(table.name)],
);

export const projectTypes = pgTable(
  'project_types',
  { id: serial('id').primaryKey(), name: text('name').notNull(), ...versioned },
  (table) => [uniqueIndex('project_types_name_unique').on(table.name)],
);

export const prestationTypes = pgTable(
  'prestation_types',
  { id: serial('id').primaryKey(), name: text('name').notNull(), ...versioned },
  (table) => [uniqueIndex('prestation_types_name_unique').on(table.name)],
);

export const prestationReferences = pgTable(
  'prestation_references',
  { id: serial('id').primaryKey(), name: text('name').notNull(), ...versioned },
  (table) => [uniqueIndex('prestation_references_name_unique').on(table.name)],
);

export const documentTypes = pgTable(
  'document_types',
  { id: serial('id').primaryKey(), name: text('name').notNull(), code: text('code'), ...versioned },
  (table) => [uniqueIndex('document_types_name_unique').on(table.name)],
);

export const businessUnits = pgTable('business_units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  invoiceLocation: text('invoice_location').notNull(),
  deliveryLocation: text('delivery_location').notNull(),
  supplyChainOrganization: text('supply_chain_organization').notNull(),
  type: text('type').notNull().default('requisitioning'),
  ...versioned,
});

export const paymentTypes = pgTable('payment_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  oracleCode: text('oracle_code'),
  ...versioned,
});

export const paymentTerms = pgTable('payment_terms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  oracleCode: text('oracle_code'),
  ...versioned,
});
