import { DOCUMENT_PDF_OPTIONS } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { requireInScope } from '../../platform/list-routes.js';
import { issuerFromEnvironment, sendPdf } from '../../platform/pdf-document.js';
import { idParams } from '../../platform/route-helpers.js';
import { renderOrderPdf } from './order-pdf.js';
import { orderList } from './orders.lists.js';

/**
 * POST /api/order/{id}/pdf: the purchase order as a PDF attachment named after the reference. A form
 * post (token field) or a fetch with the bearer header; the body carries nothing else.
 */
export function registerOrderPdfRoutes(app: FastifyInstance, database: Database): void {
  const issuer = issuerFromEnvironment();
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/order/:id/pdf',
    {
      schema: { params: idParams },
      config: { access: access.right('order', 'read', DOCUMENT_PDF_OPTIONS) },
      preHandler: [requireInScope(database, orderList)],
    },
    async (request, reply) => {
      const { fileName, pdf } = await renderOrderPdf(database, request.params.id, issuer);
      return sendPdf(reply, fileName, pdf);
    },
  );
}
