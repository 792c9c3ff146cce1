import { randomUUID } from 'node:crypto';
import type { TemplateFileRow } from '@isf/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { documentTypes, templateFiles } from '../../db/schema/index.js';
import { type FileStorage, StoredFileMissing } from '../../integrations/storage/storage.port.js';
import { access, principalOf } from '../../platform/access.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { detectFileKind, sanitizeFileName } from '../../platform/file-kind.js';
import { requireInScope } from '../../platform/list-routes.js';
import { readMultipart } from '../../platform/multipart.js';
import { can } from '../../platform/principal.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import type { SelectionOf } from '../../platform/sql-rows.js';
import { contractTemplateValues, fillContractTemplate } from './contract-template-fill.js';
import { contractList } from './contracts.lists.js';

export const TEMPLATE_NAME_REQUIRED_MESSAGE = 'Le nom du modèle est obligatoire.';
export const TEMPLATE_FILE_REQUIRED_MESSAGE = 'Veuillez sélectionner un fichier';
export const TEMPLATE_PDF_MESSAGE = "Le fichier n'est pas un PDF : seuls les fichiers PDF sont acceptés.";
export const TEMPLATE_DOCUMENT_TYPE_MESSAGE = 'Type de document inconnu.';
export const TEMPLATE_FILE_MISSING_MESSAGE =
  "Le fichier de ce modèle est introuvable dans le stockage : contactez l'administrateur.";
const MAX_TEMPLATE_BYTES = 20 * 1024 * 1024;

type Kind = 'payment_guarantee' | 'contract_template';

const row = {
  id: templateFiles.id,
  templateName: templateFiles.templateName,
  filename: templateFiles.filename,
  size: templateFiles.size,
  createdAt: templateFiles.createdAt,
  documentTypeId: templateFiles.documentTypeId,
  documentTypeName: documentTypes.name,
  documentTypeCode: documentTypes.code,
} satisfies SelectionOf<TemplateFileRow>;

/** The PDF models of one kind (payment guarantees, contract templates): list, upload, download, delete. */
export function createTemplateFileService(database: Database, storage: FileStorage, kind: Kind) {
  async function readStored(storageKey: string) {
    try {
      return await storage.read(storageKey);
    } catch (error) {
      if (error instanceof StoredFileMissing) {
        throw new HttpError(404, { error: 'Introuvable.', detail: TEMPLATE_FILE_MISSING_MESSAGE });
      }
      throw error;
    }
  }

  return {
    async list(documentTypeCode?: string): Promise<TemplateFileRow[]> {
      const conditions = [eq(templateFiles.kind, kind)];
      if (documentTypeCode) {
        conditions.push(eq(documentTypes.code, documentTypeCode));
      }
      return (
        database
          .select(row)
          .from(templateFiles)
          .leftJoin(documentTypes, eq(documentTypes.id, templateFiles.documentTypeId))
          .where(and(...conditions))
          // spec 2 §9: contract templates in descending order
          .orderBy(kind === 'contract_template' ? desc(templateFiles.id) : asc(templateFiles.id))
      );
    },

    async upload(
      input: { templateName: string | undefined; documentTypeId: number | null; fileName: string; content: Buffer | null },
      userId: number | null,
      context: AuditContext,
    ): Promise<number> {
      const templateName = input.templateName?.trim() ?? '';
      if (templateName === '') {
        throw badRequest(TEMPLATE_NAME_REQUIRED_MESSAGE, { templateName: TEMPLATE_NAME_REQUIRED_MESSAGE });
      }
      if (!input.content || input.content.length === 0) {
        throw badRequest(TEMPLATE_FILE_REQUIRED_MESSAGE, { file: TEMPLATE_FILE_REQUIRED_MESSAGE });
      }
      // checked by content: a file named .pdf that is something else is refused
      if (detectFileKind(input.content) !== 'pdf') {
        throw badRequest(TEMPLATE_PDF_MESSAGE, { file: TEMPLATE_PDF_MESSAGE });
      }
      if (input.documentTypeId !== null) {
        const [type] = await database
          .select({ id: documentTypes.id })
          .from(documentTypes)
          .where(eq(documentTypes.id, input.documentTypeId))
          .limit(1);
        if (!type) {
          throw badRequest(TEMPLATE_DOCUMENT_TYPE_MESSAGE, { documentTypeId: TEMPLATE_DOCUMENT_TYPE_MESSAGE });
        }
      }
      const fileName = sanitizeFileName(input.fileName || `${templateName}.pdf`);
      const storageKey = `${kind}/${randomUUID()}`;
      await storage.put(storageKey, input.content);
      try {
        return await database.transaction(async (transaction) => {
          const [created] = await transaction
            .insert(templateFiles)
            .values({
              kind,
              templateName,
              documentTypeId: input.documentTypeId,
              filename: fileName,
              storageKey,
              size: input.content?.length ?? 0,
              createdBy: userId,
            })
            .returning({ id: templateFiles.id });
          const id = created?.id ?? 0;
          await recordAudit(transaction, context, {
            entity: kind,
            entityId: id,
            action: 'create',
            after: { templateName, fileName, documentTypeId: input.documentTypeId },
          });
          return id;
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
    },

    async find(id: number) {
      const [found] = await database
        .select({
          id: templateFiles.id,
          templateName: templateFiles.templateName,
          filename: templateFiles.filename,
          storageKey: templateFiles.storageKey,
        })
        .from(templateFiles)
        .where(and(eq(templateFiles.id, id), eq(templateFiles.kind, kind)))
        .limit(1);
      if (!found) {
        throw notFound();
      }
      return found;
    },

    async download(id: number) {
      const found = await this.find(id);
      return { filename: found.filename, templateName: found.templateName, stream: await readStored(found.storageKey) };
    },

    /** The stored bytes, whole (a template is at most MAX_TEMPLATE_BYTES). */
    async content(id: number): Promise<{ templateName: string; content: Buffer }> {
      const { templateName, stream } = await this.download(id);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      }
      return { templateName, content: Buffer.concat(chunks) };
    },

    async remove(id: number, context: AuditContext) {
      const found = await this.find(id);
      await database.transaction(async (transaction) => {
        await transaction.delete(templateFiles).where(eq(templateFiles.id, id));
        await recordAudit(transaction, context, {
          entity: kind,
          entityId: id,
          action: 'delete',
          before: { filename: found.filename },
        });
      });
      await storage.remove(found.storageKey);
    },
  };
}

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Payment guarantees (`/paymentguarantee…`) and contract templates (`/contracttemplate…`): PDF models uploaded
 * with a name, downloaded by form post, deleted; rights on payment_guarantee and contract_template.
 */
export function registerTemplateFileRoutes(app: FastifyInstance, database: Database, storage: FileStorage): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const kinds = [
    { kind: 'payment_guarantee', base: '/api/paymentguarantee' },
    { kind: 'contract_template', base: '/api/contracttemplate' },
  ] as const;
  for (const { kind, base } of kinds) {
    const service = createTemplateFileService(database, storage, kind);
    const right = (action: 'create' | 'read' | 'delete') => ({ access: access.right(kind, action) });

    app.get(base, { config: right('read') }, async (request) => {
      const { documentType } = (request.query ?? {}) as { documentType?: unknown };
      return service.list(typeof documentType === 'string' && documentType !== '' ? documentType : undefined);
    });

    if (kind === 'payment_guarantee') {
      // the upload modal's settings: what it accepts
      app.get(`${base}/formSettings`, { config: right('read') }, async () => ({
        accept: 'application/pdf',
        extensions: ['.pdf'],
        maxFileBytes: MAX_TEMPLATE_BYTES,
      }));
    }

    app.post(`${base}/create`, { config: right('create') }, async (request) => {
      const form = await readMultipart(request, { maxFileBytes: MAX_TEMPLATE_BYTES });
      const rawType = form.fields.documentTypeId;
      const documentTypeId = kind === 'contract_template' && rawType ? Number(rawType) : null;
      if (documentTypeId !== null && (!Number.isInteger(documentTypeId) || documentTypeId <= 0)) {
        throw badRequest(TEMPLATE_DOCUMENT_TYPE_MESSAGE, { documentTypeId: TEMPLATE_DOCUMENT_TYPE_MESSAGE });
      }
      const id = await service.upload(
        {
          templateName: form.fields.templateName,
          documentTypeId,
          fileName: form.file?.fileName ?? '',
          content: form.file?.content ?? null,
        },
        principalOf(request).userId,
        auditContext(request),
      );
      return { success: true, id };
    });

    typed.post(`${base}/:id`, { schema: { params: idParams }, config: right('read') }, async (request, reply) => {
      const file = await service.download(request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(file.filename))
        .send(file.stream);
    });

    typed.delete(`${base}/:id`, { schema: { params: idParams }, config: right('delete') }, async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    });
  }

  // spec 2 Envelope manager, "download contract template": the template filled with the contract's fields
  const contractTemplates = createTemplateFileService(database, storage, 'contract_template');
  typed.post(
    '/api/contract/:id/contracttemplate/:templateId',
    {
      schema: { params: idParams.extend({ templateId: idParams.shape.id }) },
      config: { access: access.right('contract_template', 'read') },
      preHandler: requireInScope(database, contractList),
    },
    async (request, reply) => {
      if (!can(principalOf(request), 'contract', 'read')) {
        throw forbidden();
      }
      const template = await contractTemplates.content(request.params.templateId);
      const values = await contractTemplateValues(database, request.params.id);
      const filled = await fillContractTemplate(template.content, values);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(sanitizeFileName(`${template.templateName} - ${values.contractNumber}.pdf`)))
        .send(filled);
    },
  );
}
