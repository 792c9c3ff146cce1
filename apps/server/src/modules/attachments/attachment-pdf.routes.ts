import { DOCUMENT_PDF_OPTIONS } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { requireInScope } from '../../platform/list-routes.js';
import { issuerFromEnvironment, sendPdf } from '../../platform/pdf-document.js';
import { idParams } from '../../platform/route-helpers.js';
import { renderAttachmentPdf } from './attachment-pdf.js';
import { ATTACHMENT_ENTITY, attachmentList } from './attachments.lists.js';
import type { createAttachmentService } from './attachments.service.js';

/**
 * POST /api/attachement/{id}/pdf (spec 2 attachment detail: PDF download): the work statement, under the
 * order PDF's rule (the read right, the attachment in scope, one of the download options). A form post
 * (token field) or a fetch with the bearer header.
 */
export function registerAttachmentPdfRoutes(
  app: FastifyInstance,
  database: Database,
  service: ReturnType<typeof createAttachmentService>,
): void {
  const issuer = issuerFromEnvironment();
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/attachement/:id/pdf',
    {
      schema: { params: idParams },
      config: { access: access.right(ATTACHMENT_ENTITY, 'read', DOCUMENT_PDF_OPTIONS) },
      preHandler: [requireInScope(database, attachmentList)],
    },
    async (request, reply) => {
      const { fileName, pdf } = await renderAttachmentPdf(database, service, request.params.id, principalOf(request), issuer);
      return sendPdf(reply, fileName, pdf);
    },
  );
}
