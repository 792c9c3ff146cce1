import { ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE } from '@isf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.port.js';
import { access, principalOf } from '../../platform/access.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import { type ListDefinition, parseListQuery, runList } from '../../platform/list-engine.js';
import { readMultipart } from '../../platform/multipart.js';
import { can } from '../../platform/principal.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { documentList } from './document-list.js';
import { documentWorkItem } from './document-work-item.js';
import { createDocumentService, MAX_DOCUMENT_BYTES, NO_FILE_MESSAGE } from './documents.service.js';

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  office: 'application/octet-stream',
  text: 'text/plain; charset=utf-8',
};

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The documents whose step follows their owner's (an envelope's) are never moved by a person: the move is
 * refused with its reason, and no transition is offered on them.
 */
function registerFollowingDocumentRules(app: FastifyInstance, database: Database): void {
  const follows = async (db: Database, documentId: number) => {
    const [row] = await db.select({ entity: documents.entity }).from(documents).where(eq(documents.id, documentId)).limit(1);
    return row ? app.documentOwners.owner(row.entity)?.followsOwner === true : false;
  };
  app.workflow.registry.registerGuard({ workflow: 'document' }, async (facts, db) =>
    (await follows(db, facts.token.entityId)) ? ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE : null,
  );
  app.workflow.registry.registerOffer({ entity: 'document' }, async (item) => !(await follows(database, item.entityId)));
}

/** Documents of companies, agencies, projects and later orders and markets (spec 1 §7). */
export function registerDocumentRoutes(app: FastifyInstance, database: Database, storage: FileStorage): void {
  const service = createDocumentService(database, storage, app.documentOwners);
  app.workflow.registry.registerKind(documentWorkItem(app.documentOwners));
  registerFollowingDocumentRules(app, database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('document', action) });
  // an envelope's documents are part of it: its readers read them (owners with `followsOwner`, checked by the service)
  const readable = { access: access.anyRight(['document', 'envelope'], 'read') };

  let list: ListDefinition | undefined;
  const ownerQuery = z.object({ entity: z.string().max(50), id: idParams.shape.id });
  // `?entity=&id=`: one owner's documents (the document manager); otherwise the list of every document in scope.
  // Not `registerList`: this one path answers two replies (the owner's rows as an array, or a list page) under
  // two rights (the owner's documents to envelope readers too), where registerList gives a path one list and
  // one right; moving the document manager to a path of its own would change the API.
  app.get('/api/documents', { config: readable }, async (request) => {
    const query = { ...((request.query ?? {}) as Record<string, unknown>) };
    if (query.entity !== undefined || query.id !== undefined) {
      const owner = ownerQuery.safeParse(query);
      if (!owner.success) {
        throw badRequest('Précisez l’élément dont lister les documents.', { entity: 'Élément obligatoire.' });
      }
      return service.listOf(principalOf(request), owner.data.entity, owner.data.id);
    }
    if (!can(principalOf(request), 'document', 'read')) {
      throw forbidden();
    }
    list ??= documentList(app.documentOwners);
    return runList(database, list, parseListQuery(query), principalOf(request));
  });

  typed.post('/api/document', { config: right('create') }, async (request) => {
    const form = await readMultipart(request, { maxFileBytes: MAX_DOCUMENT_BYTES });
    if (!form.file) {
      throw badRequest(NO_FILE_MESSAGE, { file: NO_FILE_MESSAGE });
    }
    const typeId = Number(form.fields.type);
    const entityId = Number(form.fields.id);
    if (!Number.isInteger(typeId) || typeId <= 0) {
      throw badRequest('Choisissez le type du document.', { type: 'Type obligatoire.' });
    }
    if (!form.fields.entity || !Number.isInteger(entityId) || entityId <= 0) {
      throw badRequest('Le document doit être rattaché à un élément.', { entity: 'Élément obligatoire.' });
    }
    const id = await service.upload(
      {
        fileName: form.file.fileName,
        content: form.file.content,
        typeId,
        entity: form.fields.entity,
        entityId,
        comment: form.fields.comment || null,
      },
      principalOf(request),
      auditContext(request),
    );
    return { success: true, id };
  });

  for (const path of ['/api/document/:id', '/api/documents/:id']) {
    typed.get(path, { schema: { params: idParams }, config: readable }, async (request) =>
      service.get(request.params.id, principalOf(request)),
    );
  }

  typed.get('/api/document/:id/validators', { schema: { params: idParams }, config: readable }, async (request) =>
    service.validators(request.params.id, principalOf(request)),
  );

  typed.post('/api/document/:id', { schema: { params: idParams }, config: readable }, async (request, reply) => {
    const file = await service.download(request.params.id, principalOf(request));
    return reply
      .header('content-type', MIME[file.contentKind] ?? 'application/octet-stream')
      .header('content-disposition', attachment(file.filename))
      .send(file.stream);
  });

  typed.put(
    '/api/document/:id',
    {
      schema: {
        params: idParams,
        body: z.object({
          comment: z
            .string()
            .trim()
            .max(2000)
            .nullish()
            .transform((value) => value || null),
          version: z.coerce.number().int().min(1).optional(),
          token: z.string().optional(),
        }),
      },
      config: right('update'),
    },
    async (request) => {
      await service.updateComment(
        request.params.id,
        request.body.comment,
        request.body.version,
        principalOf(request),
        auditContext(request),
      );
      return { success: true };
    },
  );

  typed.delete('/api/document/:id', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, principalOf(request), auditContext(request));
    return { success: true };
  });
}
