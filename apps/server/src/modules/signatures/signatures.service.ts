import {
  ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE,
  SIGNATURE_ALREADY_PENDING_MESSAGE,
  SIGNATURE_DOCUMENT_NOT_VALIDATED_MESSAGE,
  SIGNATURE_ENVELOPE_NOT_VALIDATED_MESSAGE,
  SIGNATURE_NOT_PDF_MESSAGE,
  SIGNATURE_SEND_ERROR_MESSAGE,
  SIGNATURE_SENT,
  type SignatureEmailInput,
  type SignatureRequestSummary,
  type SignatureStatus,
  type Signer,
} from '@isf/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  contracts,
  documents,
  envelopes,
  signatureRequestDocuments,
  signatureRequests,
  signatureWebhookEvents,
} from '../../db/schema/index.js';
import type { ProviderSigner, SignatureProvider } from '../../integrations/signature/signature.port.js';
import type { AuditContext } from '../../platform/audit.js';
import { businessRefusal, HttpError, notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { envelopeList, syncEnvelopeDocuments } from '../contracts/index.js';
import type { DocumentService } from '../documents/index.js';
import { notify } from '../notifications/index.js';
import { moveBySystem, placeBySystem, tokenOfItem } from '../workflow/index.js';
import type { SignatureEvent } from './signature-webhook.js';

/** The steps from which an envelope and a document may be sent for signature (spec 2 §4). */
const ENVELOPE_VALIDATED = 'env_validated';
const DOCUMENT_VALIDATED = 'doc_validated';

/** "Marie Dupont" → first name Marie, last name Dupont (the provider asks both). */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first ?? name, lastName: rest.join(' ') || (first ?? name) };
}

function providerSigner(signer: Signer): ProviderSigner {
  return {
    ...splitName(signer.name),
    email: signer.email,
    phone: `${signer.phoneCountryCode}${signer.phoneNumber.replace(/^0/, '')}`,
    position:
      signer.anchorRequired && signer.anchorString ? { kind: 'automatic', anchor: signer.anchorString } : { kind: 'manual' },
  };
}

function signedName(filename: string): string {
  return `${filename.replace(/\.pdf$/i, '')} - signé.pdf`;
}

type SourceFile = { id: number; filename: string; typeId: number; entity: string; entityId: number; content: Buffer };
type Target = { envelopeId: number | null; documents: SourceFile[]; name: string };

/**
 * E-signature (spec 2 §5, §7 `POST /document/signature/email`): a validated envelope's documents, or
 * validated documents, go to the provider for two signers; the provider's webhook brings the outcome, the
 * signed copies are stored next to the originals and the sender is told.
 */
export function createSignatureService(deps: {
  db: Database;
  documents: DocumentService;
  provider: SignatureProvider;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;

  async function pdfsOf(ids: number[]): Promise<SourceFile[]> {
    const files: SourceFile[] = [];
    for (const id of ids) {
      const file = await deps.documents.contentOf(id);
      if (file.contentKind !== 'pdf') {
        throw businessRefusal(SIGNATURE_NOT_PDF_MESSAGE);
      }
      files.push({
        id,
        filename: file.filename,
        typeId: file.typeId,
        entity: file.entity,
        entityId: file.entityId,
        content: file.content,
      });
    }
    return files;
  }

  async function pendingFor(documentIds: number[]): Promise<boolean> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(signatureRequestDocuments)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestDocuments.requestId))
      .where(and(inArray(signatureRequestDocuments.documentId, documentIds), eq(signatureRequests.status, 'ongoing')));
    return Number(row?.count ?? 0) > 0;
  }

  async function envelopeTarget(envelopeId: number, principal: Principal): Promise<Target> {
    if (!(await isInScope(db, envelopeList, principal, envelopeId))) {
      throw notFound();
    }
    const token = await tokenOfItem(db, 'envelope', envelopeId);
    if (token?.node.nodeCode !== ENVELOPE_VALIDATED) {
      throw businessRefusal(SIGNATURE_ENVELOPE_NOT_VALIDATED_MESSAGE);
    }
    const [envelope] = await db
      .select({ name: envelopes.name, contractNumber: contracts.contractNumber })
      .from(envelopes)
      .innerJoin(contracts, eq(contracts.id, envelopes.contractId))
      .where(eq(envelopes.id, envelopeId))
      .limit(1);
    const ids = (
      await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.entity, 'envelope'), eq(documents.entityId, envelopeId)))
        .orderBy(asc(documents.id))
    ).map((row) => row.id);
    if (ids.length === 0) {
      throw businessRefusal(SIGNATURE_NOT_PDF_MESSAGE);
    }
    return { envelopeId, documents: await pdfsOf(ids), name: `${envelope?.contractNumber ?? ''} – ${envelope?.name ?? ''}` };
  }

  async function documentsTarget(ids: number[], principal: Principal): Promise<Target> {
    for (const id of ids) {
      // an envelope's documents are signed with their envelope, never one by one
      if ((await deps.documents.get(id, principal)).entity === 'envelope') {
        throw businessRefusal(ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE);
      }
      const token = await tokenOfItem(db, 'document', id);
      if (token?.node.nodeCode !== DOCUMENT_VALIDATED) {
        throw businessRefusal(SIGNATURE_DOCUMENT_NOT_VALIDATED_MESSAGE);
      }
    }
    if (await pendingFor(ids)) {
      throw businessRefusal(SIGNATURE_ALREADY_PENDING_MESSAGE);
    }
    const files = await pdfsOf(ids);
    return { envelopeId: null, documents: files, name: files.map((file) => file.filename).join(', ') };
  }

  /** What the sender's notification is about, and its link. */
  async function subjectOf(db: Database, request: { envelopeId: number | null; id: number }) {
    if (request.envelopeId !== null) {
      const [envelope] = await db
        .select({ name: envelopes.name, contractId: envelopes.contractId })
        .from(envelopes)
        .where(eq(envelopes.id, request.envelopeId))
        .limit(1);
      return {
        entity: 'envelope' as const,
        entityId: request.envelopeId,
        label: envelope?.name ?? String(request.envelopeId),
        ...(envelope ? { contractId: envelope.contractId } : {}),
      };
    }
    const [first] = await db
      .select({ id: documents.id, filename: documents.filename })
      .from(signatureRequestDocuments)
      .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
      .where(eq(signatureRequestDocuments.requestId, request.id))
      .orderBy(asc(signatureRequestDocuments.id))
      .limit(1);
    return { entity: 'document' as const, entityId: first?.id ?? 1, label: first?.filename ?? 'document' };
  }

  function summary(row: typeof signatureRequests.$inferSelect): SignatureRequestSummary {
    return {
      id: row.id,
      status: row.status as SignatureStatus,
      reason: row.reason,
      signers: (row.signers as Signer[]).map((signer) => ({ name: signer.name, email: signer.email })),
      createdAt: row.createdAt,
      completedAt: row.completedAt,
    };
  }

  /** Stores the signed copies, moves the envelope or the documents and tells the sender. */
  async function complete(
    request: typeof signatureRequests.$inferSelect,
    event: SignatureEvent,
    signed: {
      part: { id: number; documentId: number; filename: string; typeId: number; entity: string; entityId: number };
      content: Buffer | null;
    }[],
    context: AuditContext,
  ) {
    const names = (request.signers as Signer[]).map((signer) => signer.name).join(' et ');
    const signedCopies: number[] = [];
    for (const { part, content } of signed) {
      if (!content) {
        continue;
      }
      const owner = request.envelopeId !== null ? { entity: 'envelope', entityId: request.envelopeId } : part;
      const signedId = await deps.documents.storeSystemFile(
        {
          entity: owner.entity,
          entityId: owner.entityId,
          typeId: part.typeId,
          fileName: signedName(part.filename),
          content,
          comment: `Signé électroniquement par ${names}`,
        },
        request.senderId,
        context,
      );
      await db
        .update(signatureRequestDocuments)
        .set({ signedDocumentId: signedId })
        .where(eq(signatureRequestDocuments.id, part.id));
      signedCopies.push(signedId);
    }
    const done = event.outcome === 'done';
    await db.transaction(async (transaction) => {
      const comment = done ? `Signé par ${names}` : (event.reason ?? event.outcome ?? '');
      if (request.envelopeId !== null) {
        await moveBySystem(
          transaction,
          {
            item: { entity: 'envelope' },
            entityId: request.envelopeId,
            transitionCode: done ? 'env_to_signed' : 'env_signature_failed',
            userId: null,
            comment,
          },
          context,
        );
        // its documents, the signed copies among them, stand on its step
        await syncEnvelopeDocuments(transaction, request.envelopeId, { userId: null, comment }, context);
      } else if (done) {
        for (const { part } of signed) {
          await moveBySystem(
            transaction,
            { item: { entity: 'document' }, entityId: part.documentId, transitionCode: 'doc_to_signed', userId: null, comment },
            context,
          );
        }
      }
      // a signed copy is signed: never sent to validation
      for (const signedId of signedCopies) {
        await placeBySystem(
          transaction,
          { item: { entity: 'document' }, entityId: signedId, userId: null, comment, nodeCode: 'doc_signed' },
          context,
        );
      }
      const subject = await subjectOf(transaction, request);
      if (done) {
        await notify(transaction, { recipients: [request.senderId], template: 'SIGNATURE_COMPLETED', context: subject });
      } else {
        await notify(transaction, {
          recipients: [request.senderId],
          template: 'SIGNATURE_FAILED',
          context: { ...subject, reason: event.reason ?? event.outcome ?? 'expired' },
        });
      }
    });
  }

  return {
    /** Sends to the provider; answers `sent`, or a 502 with "Erreur d'envoi à la signature" when the provider fails. */
    async send(input: SignatureEmailInput, principal: Principal, context: AuditContext): Promise<string> {
      const target =
        input.envelopeId !== null
          ? await envelopeTarget(input.envelopeId, principal)
          : await documentsTarget(input.docIds ?? [], principal);
      let sent: { requestId: string; documentIds: string[] };
      try {
        sent = await deps.provider.send({
          name: target.name.slice(0, 128) || 'ISF',
          externalId: target.envelopeId !== null ? `envelope-${target.envelopeId}` : `documents-${target.documents[0]?.id}`,
          documents: target.documents.map((document) => ({ fileName: document.filename, content: document.content })),
          signers: input.signers.map(providerSigner),
        });
      } catch (error) {
        deps.log.warn({ err: error }, 'e-signature request refused or provider unreachable');
        throw new HttpError(502, { error: SIGNATURE_SEND_ERROR_MESSAGE, detail: (error as Error).message });
      }
      await db.transaction(async (transaction) => {
        const [request] = await transaction
          .insert(signatureRequests)
          .values({
            providerId: sent.requestId,
            envelopeId: target.envelopeId,
            signers: input.signers,
            senderId: principal.userId,
          })
          .returning({ id: signatureRequests.id });
        await transaction.insert(signatureRequestDocuments).values(
          target.documents.map((document, index) => ({
            requestId: request?.id ?? 0,
            documentId: document.id,
            providerDocumentId: sent.documentIds[index] ?? '',
          })),
        );
        if (target.envelopeId !== null) {
          await moveBySystem(
            transaction,
            {
              item: { entity: 'envelope' },
              entityId: target.envelopeId,
              transitionCode: 'env_to_signing',
              userId: principal.userId,
              comment: input.signers.map((signer) => signer.name).join(', '),
            },
            context,
          );
        }
      });
      return SIGNATURE_SENT;
    },

    /**
     * A checked webhook event. Its id is recorded in the transaction that ends the request: the same event
     * again, or any event of an ended request, changes nothing. The signed copies are fetched before; if
     * storing them fails, the event is forgotten and the request reopened so that the provider's retry works.
     */
    async handle(event: SignatureEvent, context: AuditContext): Promise<{ handled: boolean }> {
      const [known] = await db
        .select({ eventId: signatureWebhookEvents.eventId })
        .from(signatureWebhookEvents)
        .where(eq(signatureWebhookEvents.eventId, event.eventId))
        .limit(1);
      const [request] = await db
        .select()
        .from(signatureRequests)
        .where(eq(signatureRequests.providerId, event.requestId))
        .limit(1);
      if (known || !request || request.status !== 'ongoing' || event.outcome === null) {
        return { handled: false };
      }
      const parts = await db
        .select({
          id: signatureRequestDocuments.id,
          documentId: signatureRequestDocuments.documentId,
          providerDocumentId: signatureRequestDocuments.providerDocumentId,
          filename: documents.filename,
          typeId: documents.documentTypeId,
          entity: documents.entity,
          entityId: documents.entityId,
        })
        .from(signatureRequestDocuments)
        .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
        .where(eq(signatureRequestDocuments.requestId, request.id))
        .orderBy(asc(signatureRequestDocuments.id));
      const signed = await Promise.all(
        parts.map(async (part) => ({
          part,
          content:
            event.outcome === 'done' ? await deps.provider.downloadSigned(request.providerId, part.providerDocumentId) : null,
        })),
      );
      const claimed = await db.transaction(async (transaction) => {
        const [inserted] = await transaction
          .insert(signatureWebhookEvents)
          .values({ eventId: event.eventId, eventName: event.name, providerRequestId: event.requestId })
          .onConflictDoNothing()
          .returning({ eventId: signatureWebhookEvents.eventId });
        if (!inserted) {
          return false;
        }
        const [updated] = await transaction
          .update(signatureRequests)
          .set({ status: event.outcome ?? 'ongoing', reason: event.reason, completedAt: sql`now()` })
          .where(and(eq(signatureRequests.id, request.id), eq(signatureRequests.status, 'ongoing')))
          .returning({ id: signatureRequests.id });
        return Boolean(updated);
      });
      if (!claimed) {
        return { handled: false };
      }
      try {
        await complete(request, event, signed, context);
      } catch (error) {
        await db.transaction(async (transaction) => {
          await transaction.delete(signatureWebhookEvents).where(eq(signatureWebhookEvents.eventId, event.eventId));
          await transaction
            .update(signatureRequests)
            .set({ status: 'ongoing', reason: null, completedAt: null })
            .where(eq(signatureRequests.id, request.id));
        });
        throw error;
      }
      return { handled: true };
    },

    /** The last signature request of an envelope, or of a document, for the screens. */
    async latest(of: { envelopeId: number } | { documentId: number }): Promise<SignatureRequestSummary | null> {
      const rows =
        'envelopeId' in of
          ? await db
              .select()
              .from(signatureRequests)
              .where(eq(signatureRequests.envelopeId, of.envelopeId))
              .orderBy(desc(signatureRequests.id))
              .limit(1)
          : (
              await db
                .select({ request: signatureRequests })
                .from(signatureRequests)
                .innerJoin(signatureRequestDocuments, eq(signatureRequestDocuments.requestId, signatureRequests.id))
                .where(eq(signatureRequestDocuments.documentId, of.documentId))
                .orderBy(desc(signatureRequests.id))
                .limit(1)
            ).map((found) => found.request);
      const [row] = rows;
      return row ? summary(row) : null;
    },
  };
}

export type SignatureService = ReturnType<typeof createSignatureService>;
