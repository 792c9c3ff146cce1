import type { EntityCode } from '@isf/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditContext } from '../audit.js';
import type { PrincipalLoader } from '../principal.js';
import type { JobContext, TaskTarget } from './job-types.js';

/** What a job needs to write its audit rows as the request that started it would have. */
export const jobAuditSchema = z.object({
  requestId: z.string(),
  onBehalfOfId: z.number().int().nullable(),
});
export type JobAudit = z.infer<typeof jobAuditSchema>;

export function jobAuditOf(request: FastifyRequest): JobAudit {
  return { requestId: String(request.id), onBehalfOfId: request.principal?.onBehalfOfId ?? null };
}

/** The task of a job started by a request: its creator is the caller's profile. */
export function taskTargetOf(request: FastifyRequest, entity: EntityCode, entityId: number): TaskTarget {
  return { entity, entityId, creatorId: request.principal?.userId ?? null };
}

/** The audit context inside a job (possibly in another process): the creator reloaded by id. */
export async function jobAuditContext(principals: PrincipalLoader, context: JobContext, audit: JobAudit): Promise<AuditContext> {
  const principal = context.creatorId === null ? null : await principals.get(context.creatorId);
  return {
    principal: principal ? { ...principal, onBehalfOfId: audit.onBehalfOfId } : null,
    requestId: audit.requestId,
  };
}
