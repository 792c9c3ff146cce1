import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { forbidden } from '../../platform/errors.js';
import { requireInScope } from '../../platform/list-routes.js';
import { issuerFromEnvironment, sendPdf } from '../../platform/pdf-document.js';
import { hasOption } from '../../platform/principal.js';
import { idParams } from '../../platform/route-helpers.js';
import { renderOrderPdf } from './order-pdf.js';
import { orderList } from './orders.lists.js';

/**
 * Spec 2 §order detail: the PDF download needs `serviceorders.display_order_download_button` or the
 * legacy `OS.DISPLAYEDIT_FINANCIAL_INFO` (options are stored lower case).
 */
export const ORDER_PDF_OPTIONS = ['serviceorders.display_order_download_button', 'os.displayedit_financial_info'] as const;

/** The download option of the business documents (purchase order, work statement). */
export async function requirePdfOption(request: FastifyRequest): Promise<void> {
  const principal = principalOf(request);
  if (!ORDER_PDF_OPTIONS.some((option) => hasOption(principal, option))) {
    throw forbidden();
  }
}

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
      config: { access: access.right('order', 'read') },
      preHandler: [requirePdfOption, requireInScope(database, orderList)],
    },
    async (request, reply) => {
      const { fileName, pdf } = await renderOrderPdf(database, request.params.id, issuer);
      return sendPdf(reply, fileName, pdf);
    },
  );
}
