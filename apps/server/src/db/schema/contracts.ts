import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { versioned } from './columns.js';
import { agencies } from './organisation.js';
import { documentTypes } from './reference.js';

/**
 * Contracts (spec 2 §3 Contract): the frame agreement with a subcontractor agency, optionally under a
 * parent contract; markets and envelopes hang on it. Duration in months.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    contractNumber: text('contract_number').notNull(),
    active: boolean('active').notNull().default(true),
    parentId: integer('parent_id').references((): AnyPgColumn => contracts.id),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    signatureDate: date('signature_date', { mode: 'string' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    duration: integer('duration').notNull(),
    terminationDate: date('termination_date', { mode: 'string' }),
    expirationDateAfterRenewal: date('expiration_date_after_renewal', { mode: 'string' }),
    referentId: integer('referent_id')
      .notNull()
      .references(() => users.id),
    referentBuyer: text('referent_buyer'),
    adminReferentId: integer('admin_referent_id')
      .notNull()
      .references(() => users.id),
    comment: text('comment'),
    ...versioned,
  },
  (table) => [
    uniqueIndex('contracts_number_unique').on(table.contractNumber),
    index('contracts_agency_idx').on(table.agencyId),
    index('contracts_parent_idx').on(table.parentId),
    check('contracts_dates_check', sql`${table.endDate} > ${table.startDate}`),
    check('contracts_duration_check', sql`${table.duration} > 0`),
    check('contracts_parent_check', sql`${table.parentId} IS NULL OR ${table.parentId} <> ${table.id}`),
  ],
);

/** Envelopes (spec 2 §3 Envelope): a set of documents of a contract validated, then sent for signature. */
export const envelopes = pgTable(
  'envelopes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    createdBy: integer('created_by').references(() => users.id),
    ...versioned,
  },
  (table) => [index('envelopes_contract_idx').on(table.contractId)],
);

/** The validators chosen when an envelope is sent to validation (spec 2 §3 Envelope validator). */
export const envelopeValidators = pgTable(
  'envelope_validators',
  {
    id: serial('id').primaryKey(),
    envelopeId: integer('envelope_id')
      .notNull()
      .references(() => envelopes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    isValidated: boolean('is_validated').notNull().default(false),
    /** The validator's decision: null (waiting), 'validated' or 'refused'; its date is validationDate. */
    decision: text('decision'),
    validationDate: timestamp('validation_date', { withTimezone: true, mode: 'string' }),
    /** The comment given with the decision. */
    comment: text('comment'),
  },
  (table) => [
    uniqueIndex('envelope_validators_unique').on(table.envelopeId, table.userId),
    check('envelope_validators_decision_check', sql`${table.decision} IS NULL OR ${table.decision} IN ('validated', 'refused')`),
  ],
);

/**
 * The PDF models kept for download (spec 2 Payment guarantees, Contract templates): a payment guarantee
 * model or a contract template (with its document type), its file behind the storage port.
 */
export const templateFiles = pgTable(
  'template_files',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    templateName: text('template_name').notNull(),
    documentTypeId: integer('document_type_id').references(() => documentTypes.id),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    index('template_files_kind_idx').on(table.kind, table.id),
    check('template_files_kind_check', sql`${table.kind} IN ('payment_guarantee', 'contract_template')`),
  ],
);
