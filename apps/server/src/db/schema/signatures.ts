import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { envelopes } from './contracts.js';
import { documents } from './platform.js';

/**
 * A request sent to the e-signature provider (spec 2 §7 `POST /document/signature/email`): for an
 * envelope (its documents) or for documents of the documents screen, with its two signers; the provider's
 * webhook completes it (status done, declined or expired, with the reason).
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: serial('id').primaryKey(),
    /** The provider's signature request id. */
    providerId: text('provider_id').notNull(),
    envelopeId: integer('envelope_id').references(() => envelopes.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('ongoing'),
    reason: text('reason'),
    /** The two signers as sent (name, email, phone, position, anchor). */
    signers: jsonb('signers').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    uniqueIndex('signature_requests_provider_unique').on(table.providerId),
    index('signature_requests_envelope_idx').on(table.envelopeId),
    check('signature_requests_status_check', sql`${table.status} IN ('ongoing', 'done', 'declined', 'expired')`),
  ],
);

/** The documents of a signature request: each source document, its provider id, and the signed copy once stored. */
export const signatureRequestDocuments = pgTable(
  'signature_request_documents',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    providerDocumentId: text('provider_document_id').notNull(),
    signedDocumentId: integer('signed_document_id').references(() => documents.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('signature_request_documents_unique').on(table.requestId, table.documentId),
    index('signature_request_documents_document_idx').on(table.documentId),
  ],
);

/** The provider's webhook events already handled, by event id: a second delivery changes nothing. */
export const signatureWebhookEvents = pgTable('signature_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventName: text('event_name').notNull(),
  providerRequestId: text('provider_request_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
