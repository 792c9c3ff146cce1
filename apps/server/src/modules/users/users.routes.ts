import { userCreateSchema, userUpdateSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { userList } from './users.lists.js';
import { createUserService } from './users.service.js';

/** Users (spec 3 /users, /user/{id}): list, create by common name, detail, profiles, perimeter. */
export function registerUserRoutes(app: FastifyInstance, database: Database): void {
  const service = createUserService(database, () => app.principals.invalidate());
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('user', action) });
  const otherIdParams = idParams.extend({ otherId: idParams.shape.id });
  const roleIdParams = idParams.extend({ roleId: idParams.shape.id });

  registerList(app, database, {
    path: '/api/users',
    csvPath: '/api/user/csv',
    definition: userList,
    access: access.right('user', 'read'),
  });

  typed.post('/api/user/create', { schema: { body: userCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, principalOf(request), auditContext(request)),
  }));

  typed.get('/api/user/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id, principalOf(request)),
  );

  typed.put(
    '/api/user/:id',
    { schema: { params: idParams, body: userUpdateSchema }, config: right('update') },
    async (request) => {
      await service.update(request.params.id, request.body, principalOf(request), auditContext(request));
      return { success: true, id: request.params.id, record: await service.get(request.params.id, principalOf(request)) };
    },
  );

  typed.delete('/api/user/:id/delete', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.setActive(request.params.id, false, principalOf(request), auditContext(request));
    return { success: true };
  });

  typed.post('/api/user/:id/reactivate', { schema: { params: idParams }, config: right('update') }, async (request) => {
    await service.setActive(request.params.id, true, principalOf(request), auditContext(request));
    return { success: true };
  });

  typed.post('/api/user/:id/profile/:roleId', { schema: { params: roleIdParams }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.addProfile(request.params.id, request.params.roleId, principalOf(request), auditContext(request)),
  }));

  typed.post(
    '/api/user/:id/perimeter/:otherId',
    { schema: { params: otherIdParams }, config: right('update') },
    async (request) => ({
      success: true,
      message: await service.transferPerimeter(
        request.params.id,
        request.params.otherId,
        principalOf(request),
        auditContext(request),
      ),
    }),
  );

  typed.get(
    '/api/user/:id/agencies',
    { schema: { params: idParams }, config: { access: access.right('user_agency', 'read') } },
    async (request) => service.agenciesOf(request.params.id),
  );

  typed.get(
    '/api/user/:id/projects',
    { schema: { params: idParams }, config: { access: access.right('user_project', 'read') } },
    async (request) => service.projectsOf(request.params.id),
  );
}
