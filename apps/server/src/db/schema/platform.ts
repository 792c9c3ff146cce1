import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { projects } from './organisation.js';
import { documentTypes } from './reference.js';

/** One row per mutation: who, on behalf of whom, when, which record, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    userId: integer('user_id'),
    onBehalfOfId: integer('on_behalf_of_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (table) => [index('audit_log_entity_idx').on(table.entity, table.entityId)],
);

export const incidents = pgTable('incidents', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  subject: text('subject').notNull(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  description: text('description').notNull(),
  attachmentName: text('attachment_name'),
  attachmentPath: text('attachment_path'),
  requestId: text('request_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Files attached to a record of any entity (company, agency, project, order, market, ...). */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    contentKind: text('content_kind').notNull(),
    comment: text('comment'),
    createdBy: integer('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('documents_entity_idx').on(table.entity, table.entityId)],
);

/**
 * Settings the server generates once and every process of one database shares, e.g. the token signing
 * secret when JWT_SECRET is not set.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
