import { signatureEmailSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { SignatureProvider } from '../../integrations/signature/signature.port.js';
import { WEBHOOK_SIGNATURE_HEADER } from '../../integrations/signature/webhook-signature.js';
import type { FileStorage } from '../../integrations/storage/storage.port.js';
import { access, principalOf } from '../../platform/access.js';
import { forbidden, HttpError } from '../../platform/errors.js';
import { requireInScope } from '../../platform/list-routes.js';
import { can } from '../../platform/principal.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { envelopeList } from '../contracts/index.js';
import { createDocumentService } from '../documents/index.js';
import { checkWebhook } from './signature-webhook.js';
import { createSignatureService } from './signatures.service.js';

export const SIGNATURE_WEBHOOK_PATH = '/api/signature/webhook';

/**
 * E-signature (spec 2 §7): sending an envelope or documents to two signers, the provider's webhook, and
 * the last request of an envelope or document for the screens.
 */
export function registerSignatureRoutes(
  app: FastifyInstance,
  database: Database,
  options: { provider: SignatureProvider; storage: FileStorage; webhookSecret: string; webhookToleranceSeconds: number },
): void {
  const documents = createDocumentService(database, options.storage, app.documentOwners);
  const service = createSignatureService({
    db: database,
    documents,
    provider: options.provider,
    log: app.log,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // spec 2 §6: sending for signature needs the option; an envelope also the update right on envelopes, documents on documents
  typed.post(
    '/api/document/signature/email',
    { schema: { body: signatureEmailSchema }, config: { access: access.option('envelopes.can_send_for_signature') } },
    async (request) => {
      const principal = principalOf(request);
      if (!can(principal, request.body.envelopeId !== null ? 'envelope' : 'document', 'update')) {
        throw forbidden();
      }
      return { success: await service.send(request.body, principal, auditContext(request)) };
    },
  );

  typed.get(
    '/api/envelope/:id/signature',
    {
      schema: { params: idParams },
      config: { access: access.right('envelope', 'read') },
      preHandler: requireInScope(database, envelopeList),
    },
    async (request) => ({ request: await service.latest({ envelopeId: request.params.id }) }),
  );

  typed.get(
    '/api/document/:id/signature',
    { schema: { params: idParams }, config: { access: access.right('document', 'read') } },
    async (request) => {
      await documents.get(request.params.id, principalOf(request));
      return { request: await service.latest({ documentId: request.params.id }) };
    },
  );

  // the provider's webhook: no session, the HMAC of the raw body authenticates it
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(SIGNATURE_WEBHOOK_PATH, { config: { access: access.public() } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      const checked = checkWebhook(body, Array.isArray(header) ? header[0] : header, {
        secret: options.webhookSecret,
        toleranceSeconds: options.webhookToleranceSeconds,
      });
      if (!checked.ok) {
        request.log.warn({ reason: checked.message }, 'e-signature webhook refused');
        throw new HttpError(checked.status, { error: checked.message });
      }
      const result = await service.handle(checked.event, { principal: null, requestId: String(request.id) });
      return { success: true, handled: result.handled };
    });
  });
}
