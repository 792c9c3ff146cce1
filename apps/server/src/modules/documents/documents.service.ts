import { randomUUID } from 'node:crypto';
import { type DocumentDetail, type EnvelopeValidator, formatMessage, type OwnerDocumentRow } from '@isf/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { documents, documentTypes } from '../../db/schema/index.js';
import { type FileStorage, StoredFileMissing } from '../../integrations/storage/storage.port.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { updateAtVersion } from '../../platform/crud.js';
import { badRequest, businessRefusal, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { contentMatchesName, detectFileKind, sanitizeFileName } from '../../platform/file-kind.js';
import { isInScope } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { rowsOf, type SelectionOf } from '../../platform/sql-rows.js';
import { removeToken, startToken } from '../workflow/index.js';
import { ownerNameSql, ownerParentIdSql } from './document-list.js';
import { canReadDocumentsOf, type DocumentOwnerRegistry, ownerAllows } from './document-owners.js';

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const NO_FILE_MESSAGE = 'Aucun fichier sélectionné.';
export const FILE_CONTENT_MESSAGE = 'Le contenu du fichier ne correspond pas à son type ou ce type de fichier est refusé.';
export const STORED_FILE_MISSING_MESSAGE =
  "Le fichier de ce document est introuvable dans le stockage : contactez l'administrateur.";

/** The document's row is there, its file is not (removed from the directory or the bucket): a 404 that says so. */
async function readStored(storage: FileStorage, key: string) {
  try {
    return await storage.read(key);
  } catch (error) {
    if (error instanceof StoredFileMissing) {
      throw new HttpError(404, { error: formatMessage('error.notFound'), detail: STORED_FILE_MISSING_MESSAGE });
    }
    throw error;
  }
}

export type Upload = {
  fileName: string;
  content: Buffer;
  typeId: number;
  entity: string;
  entityId: number;
  comment: string | null;
};

const listing = {
  id: documents.id,
  version: documents.version,
  filename: documents.filename,
  comment: documents.comment,
  size: documents.size,
  createdAt: documents.createdAt,
  entity: documents.entity,
  entityId: documents.entityId,
  typeId: documentTypes.id,
  typeName: documentTypes.name,
  /** The node of the document's workflow token (spec 1 §3). */
  statusWF: sql<string | null>`(SELECT wn.name FROM workflow_tokens wt JOIN workflow_nodes wn ON wn.id = wt.node_id
    WHERE wt.entity_name = 'document' AND wt.entity_id = ${documents.id})`,
} satisfies SelectionOf<OwnerDocumentRow>;

/** Documents of any owner record, stored behind the storage port; who sees them follows the owner's scope. */
export function createDocumentService(database: Database, storage: FileStorage, owners: DocumentOwnerRegistry) {
  async function assertOwnerVisible(principal: Principal, entity: string, entityId: number) {
    const owner = owners.owner(entity);
    if (!owner) {
      throw badRequest(`Les documents ne s'attachent pas à « ${entity} ».`, { entity: 'Entité inconnue.' });
    }
    // without the document read right (the route lets an owner's reader in): 403, as the route answers
    if (ownerAllows(owner, principal, 'read') && !canReadDocumentsOf(owner, principal)) {
      throw forbidden();
    }
    if (!canReadDocumentsOf(owner, principal) || !(await isInScope(database, owner.list, principal, entityId))) {
      throw notFound();
    }
    return owner;
  }

  async function store(
    file: {
      entity: string;
      entityId: number;
      typeId: number;
      fileName: string;
      content: Buffer;
      comment: string | null;
      kind: string;
      createdBy: number | null;
    },
    context: AuditContext,
  ): Promise<number> {
    const storageKey = `${file.entity}/${file.entityId}/${randomUUID()}`;
    await storage.put(storageKey, file.content);
    try {
      return await database.transaction(async (transaction) => {
        const [created] = await transaction
          .insert(documents)
          .values({
            entity: file.entity,
            entityId: file.entityId,
            documentTypeId: file.typeId,
            filename: file.fileName,
            storageKey,
            size: file.content.length,
            contentKind: file.kind,
            comment: file.comment,
            createdBy: file.createdBy,
          })
          .returning({ id: documents.id });
        const id = created?.id ?? 0;
        await startToken(transaction, { entity: 'document' }, id, file.createdBy);
        await recordAudit(transaction, context, {
          entity: 'document',
          entityId: id,
          action: 'create',
          after: {
            entity: file.entity,
            entityId: file.entityId,
            filename: file.fileName,
            typeId: file.typeId,
            size: file.content.length,
          },
        });
        return id;
      });
    } catch (error) {
      await storage.remove(storageKey);
      throw error;
    }
  }

  async function find(id: number, principal: Principal) {
    const [row] = await database
      .select({ ...listing, storageKey: documents.storageKey, contentKind: documents.contentKind })
      .from(documents)
      .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
      .where(eq(documents.id, id))
      .limit(1);
    if (!row) {
      throw notFound();
    }
    const owner = await assertOwnerVisible(principal, row.entity, row.entityId);
    return { row, owner };
  }

  async function nodeCodeOf(id: number): Promise<string | null> {
    const result = (await database.execute(sql`SELECT wn.code FROM workflow_tokens wt
      JOIN workflow_nodes wn ON wn.id = wt.node_id WHERE wt.entity_name = 'document' AND wt.entity_id = ${id}`)) as unknown as {
      rows: { code: string }[];
    };
    return result.rows[0]?.code ?? null;
  }

  return {
    async listOf(principal: Principal, entity: string, entityId: number): Promise<OwnerDocumentRow[]> {
      await assertOwnerVisible(principal, entity, entityId);
      return database
        .select(listing)
        .from(documents)
        .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
        .where(and(eq(documents.entity, entity), eq(documents.entityId, entityId)))
        .orderBy(desc(documents.id));
    },

    async get(id: number, principal: Principal): Promise<DocumentDetail> {
      const { row, owner } = await find(id, principal);
      const { storageKey: _key, contentKind: _kind, ...document } = row;
      const [ownerOf] = await rowsOf<{ ownerName: string | null; ownerParentId: number | null }>(
        database,
        sql`SELECT ${ownerNameSql(owners)} AS "ownerName", ${ownerParentIdSql(owners)} AS "ownerParentId"
          FROM documents d WHERE d.id = ${id}`,
      );
      return {
        ...document,
        /** The owner record's name, and the record whose screen shows it (an envelope's contract), for the link. */
        ownerName: ownerOf?.ownerName ?? null,
        ownerParentId: ownerOf?.ownerParentId ?? null,
        nodeCode: await nodeCodeOf(id),
        /** Whether the caller may delete it now: the owner's update right and the owner's rule (spec 2 §4). */
        canDelete: ownerAllows(owner, principal, 'update') && !(await owner.removalRefusal?.(database, row.entityId, principal)),
      };
    },

    /**
     * The validators of a document (`GET /document/{id}/validators`): those designated on its owner when the
     * owner has some (an envelope), followed by the decisions taken on the document's own workflow.
     */
    async validators(id: number, principal: Principal): Promise<EnvelopeValidator[]> {
      const { row, owner } = await find(id, principal);
      const designated = (await owner.validators?.(database, row.entityId)) ?? [];
      const decisions = (await database.execute(sql`SELECT h.id, u.id AS user_id, u.name AS user_name,
          r.name AS role_name, n.code AS node_code, h.created_at::text AS created_at, h.comment
        FROM workflow_token_history h
        JOIN workflow_tokens t ON t.id = h.token_id
        JOIN workflow_nodes n ON n.id = h.to_node_id
        JOIN users u ON u.id = h.user_id
        LEFT JOIN roles r ON r.id = u.role_id
        WHERE t.entity_name = 'document' AND t.entity_id = ${id} AND n.code IN ('doc_validated', 'doc_refused')
        ORDER BY h.id`)) as unknown as {
        rows: {
          id: number;
          user_id: number;
          user_name: string;
          role_name: string | null;
          node_code: string;
          created_at: string;
          comment: string | null;
        }[];
      };
      return [
        ...designated,
        ...decisions.rows.map((decision) => ({
          id: -Number(decision.id),
          user: { id: Number(decision.user_id), name: decision.user_name, roleName: decision.role_name },
          isValidated: decision.node_code === 'doc_validated',
          decision: decision.node_code === 'doc_validated' ? ('validated' as const) : ('refused' as const),
          validationDate: String(decision.created_at),
          comment: decision.comment,
        })),
      ];
    },

    async upload(upload: Upload, principal: Principal, context: AuditContext): Promise<number> {
      const owner = await assertOwnerVisible(principal, upload.entity, upload.entityId);
      const refusal = await owner.uploadRefusal?.(database, upload.entityId, principal);
      if (refusal) {
        throw businessRefusal(refusal);
      }
      if (upload.content.length === 0) {
        throw badRequest(NO_FILE_MESSAGE, { file: NO_FILE_MESSAGE });
      }
      if (owner.maxFile && upload.content.length > owner.maxFile.bytes) {
        throw badRequest(owner.maxFile.message, { file: owner.maxFile.message });
      }
      const fileName = sanitizeFileName(upload.fileName);
      const kind = detectFileKind(upload.content);
      if (!kind || !contentMatchesName(upload.content, fileName)) {
        throw badRequest(FILE_CONTENT_MESSAGE, { file: FILE_CONTENT_MESSAGE });
      }
      const [type] = await database
        .select({ id: documentTypes.id, code: documentTypes.code })
        .from(documentTypes)
        .where(eq(documentTypes.id, upload.typeId))
        .limit(1);
      if (type && owner.typeCode && type.code !== owner.typeCode) {
        throw badRequest('Ce type de document ne convient pas à cet élément.', { type: 'Type de document refusé.' });
      }
      if (!type) {
        throw badRequest('Type de document inconnu.', { type: 'Type de document inconnu.' });
      }
      return store({ ...upload, fileName, typeId: type.id, kind, createdBy: principal.userId }, context);
    },

    /**
     * Stores a file the system produced (a signed copy from the e-signature provider) on its owner, with
     * its workflow token: no right or scope check, the caller has done them.
     */
    storeSystemFile(
      file: { entity: string; entityId: number; typeId: number; fileName: string; content: Buffer; comment: string | null },
      createdBy: number | null,
      context: AuditContext,
    ): Promise<number> {
      const kind = detectFileKind(file.content);
      if (!kind) {
        throw badRequest(FILE_CONTENT_MESSAGE, { file: FILE_CONTENT_MESSAGE });
      }
      return store({ ...file, fileName: sanitizeFileName(file.fileName), kind, createdBy }, context);
    },

    /** The stored bytes of a document and what it is, for the system (the caller checked the access). */
    async contentOf(id: number) {
      const [row] = await database
        .select({
          id: documents.id,
          filename: documents.filename,
          typeId: documents.documentTypeId,
          entity: documents.entity,
          entityId: documents.entityId,
          contentKind: documents.contentKind,
          storageKey: documents.storageKey,
        })
        .from(documents)
        .where(eq(documents.id, id))
        .limit(1);
      if (!row) {
        throw notFound();
      }
      const chunks: Buffer[] = [];
      for await (const chunk of await readStored(storage, row.storageKey)) {
        chunks.push(Buffer.from(chunk as Buffer));
      }
      return { ...row, content: Buffer.concat(chunks) };
    },

    async download(id: number, principal: Principal) {
      const { row } = await find(id, principal);
      return { filename: row.filename, contentKind: row.contentKind, stream: await readStored(storage, row.storageKey) };
    },

    async updateComment(
      id: number,
      comment: string | null,
      version: number | undefined,
      principal: Principal,
      context: AuditContext,
    ) {
      const { row } = await find(id, principal);
      await database.transaction(async (transaction) => {
        await updateAtVersion(transaction, documents, id, version ?? row.version, { comment });
        await recordAudit(transaction, context, {
          entity: 'document',
          entityId: id,
          action: 'update',
          before: { comment: row.comment },
          after: { comment },
        });
      });
    },

    /** Deleting a document changes its owner: it needs the update right on the owner's entity too. */
    async remove(id: number, principal: Principal, context: AuditContext) {
      const { row, owner } = await find(id, principal);
      if (!ownerAllows(owner, principal, 'update')) {
        throw forbidden();
      }
      const refusal = await owner.removalRefusal?.(database, row.entityId, principal);
      if (refusal) {
        throw businessRefusal(refusal);
      }
      await database.transaction(async (transaction) => {
        await transaction.delete(documents).where(eq(documents.id, id));
        await removeToken(transaction, 'document', id);
        await recordAudit(transaction, context, {
          entity: 'document',
          entityId: id,
          action: 'delete',
          before: { ...row, storageKey: undefined },
        });
      });
      await storage.remove(row.storageKey);
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
