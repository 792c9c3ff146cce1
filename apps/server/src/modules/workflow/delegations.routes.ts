import { delegationCreateSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createDelegationService } from './delegations.service.js';

const userParams = z.object({ userId: idParams.shape.id });
const searchQuery = z.object({ search: z.string().max(100).optional() });

/** Delegations (spec 3 §7): one's own with users.can_delegate, anyone's with users.can_admin_delegate. */
export function registerDelegationRoutes(app: FastifyInstance, db: Database): void {
  const service = createDelegationService(db);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const delegate = { access: access.option('users.can_delegate') };
  const administer = { access: access.option('users.can_admin_delegate') };

  // any signed-in person may read the delegations they gave and received
  typed.get('/api/delegation/my-delegations', { config: { access: access.authenticated() } }, async (request) => {
    const principal = principalOf(request);
    return {
      given: await service.given(principal.userId),
      received: await service.received([principal.userId, principal.mainUserId]),
    };
  });

  typed.get('/api/delegation/all', { config: administer }, async () => service.all());
  typed.get('/api/delegation/all/:userId', { schema: { params: userParams }, config: administer }, async (request) =>
    service.given(request.params.userId),
  );
  typed.get('/api/delegation/user-delegations/:userId', { schema: { params: userParams }, config: administer }, async (request) =>
    service.received([request.params.userId]),
  );

  typed.get('/api/delegation/users', { schema: { querystring: searchQuery }, config: delegate }, async (request) =>
    service.delegates(principalOf(request).mainUserId, request.query.search),
  );
  typed.get(
    '/api/delegation/users/:id',
    { schema: { params: idParams, querystring: searchQuery }, config: administer },
    async (request) => service.delegates(request.params.id, request.query.search),
  );

  typed.post('/api/delegation/create', { schema: { body: delegationCreateSchema }, config: delegate }, async (request) => ({
    success: true,
    id: await service.create(principalOf(request), request.body, auditContext(request)),
  }));

  typed.delete('/api/delegation/:id', { schema: { params: idParams }, config: delegate }, async (request) => {
    await service.remove(principalOf(request), request.params.id, auditContext(request));
    return { success: true };
  });
}
