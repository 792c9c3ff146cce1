import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditContext } from './audit.js';

export const idParams = z.object({
  id: z.coerce
    .number({ error: 'Identifiant invalide.' })
    .int('Identifiant invalide.')
    .positive('Identifiant invalide.')
    .max(2_147_483_647, 'Identifiant invalide.'),
});

/** The `:id` of a route whose `params` schema is `idParams` (validated before the handler runs). */
export function routeId(request: FastifyRequest): number {
  return idParams.parse(request.params).id;
}

export function auditContext(request: FastifyRequest): AuditContext {
  return { principal: request.principal, requestId: String(request.id) };
}
