import { imputationCreateSchema, imputationUpdateSchema, projectCreateSchema, projectUpdateSchema } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerCsv, registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { userList } from '../users/index.js';
import { projectList } from './projects.list.js';
import { createProjectService } from './projects.service.js';

/** Projects (spec 3 /projects): list, information, users, imputations; every route keeps to the scope. */
export function registerProjectRoutes(app: FastifyInstance, database: Database): void {
  const service = createProjectService(database);
  app.documentOwners.registerOwner('project', { entity: 'project', list: projectList });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('project', action) });
  const inScope = { preHandler: requireInScope(database, projectList) };
  const userParams = idParams.extend({ userId: idParams.shape.id });

  registerList(app, database, {
    path: '/api/projects',
    csvPath: '/api/project/csv',
    definition: projectList,
    access: access.right('project', 'read'),
  });

  typed.post('/api/project', { schema: { body: projectCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.get('/api/project/:id', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/project/:id',
    { schema: { params: idParams, body: projectUpdateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete(
    '/api/project/:id/delete',
    { schema: { params: idParams }, config: right('delete'), ...inScope },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  typed.get(
    '/api/project/:id/users',
    { schema: { params: idParams }, config: { access: access.right('user_project', 'read') }, ...inScope },
    async (request) => service.users(request.params.id),
  );

  typed.post(
    '/api/project/:id/user/:userId',
    { schema: { params: userParams }, config: { access: access.right('user_project', 'create') }, ...inScope },
    async (request) => {
      await service.addUser(request.params.id, request.params.userId, auditContext(request));
      return { success: true };
    },
  );

  typed.delete(
    '/api/project/:id/user/:userId',
    { schema: { params: userParams }, config: { access: access.right('user_project', 'delete') }, ...inScope },
    async (request) => {
      await service.removeUser(request.params.id, request.params.userId, auditContext(request));
      return { success: true };
    },
  );

  registerProjectUsersCsv(app, database);

  typed.get(
    '/api/project/:id/imputations',
    { schema: { params: idParams }, config: { access: access.right('imputation', 'read') }, ...inScope },
    async (request) => service.imputations(request.params.id),
  );

  typed.post(
    '/api/imputation/create',
    { schema: { body: imputationCreateSchema }, config: { access: access.right('imputation', 'create') } },
    async (request) => ({
      success: true,
      id: await service.createImputation(request.body, auditContext(request)),
    }),
  );

  typed.get(
    '/api/imputation/:id',
    { schema: { params: idParams }, config: { access: access.right('imputation', 'read') } },
    async (request) => service.getImputation(request.params.id),
  );

  typed.put(
    '/api/imputation/:id',
    { schema: { params: idParams, body: imputationUpdateSchema }, config: { access: access.right('imputation', 'update') } },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.updateImputation(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.put(
    '/api/imputations',
    {
      schema: { body: z.array(imputationUpdateSchema.extend({ id: idParams.shape.id })).max(500) },
      config: { access: access.right('imputation', 'update') },
    },
    async (request) => {
      for (const { id, ...imputation } of request.body) {
        await service.updateImputation(id, imputation, auditContext(request));
      }
      return { success: true };
    },
  );

  typed.delete(
    '/api/imputation/:id/delete',
    { schema: { params: idParams }, config: { access: access.right('imputation', 'delete') } },
    async (request) => {
      await service.removeImputation(request.params.id, auditContext(request));
      return { success: true };
    },
  );
}

/** The Users tab's CSV: the user list restricted to the members of the project, whole (the form's list state aside). */
function registerProjectUsersCsv(app: FastifyInstance, database: Database) {
  registerCsv(app, database, {
    csvPath: '/api/project/:id/users/csv',
    definition: userList,
    access: access.right('user_project', 'read'),
    params: idParams,
    preHandler: requireInScope(database, projectList),
    where: (request) => sql`u.id IN (SELECT user_id FROM user_projects WHERE project_id = ${routeId(request)})`,
    criteria: () => ({ definition: userList, wire: {} }),
    fileName: (request) => `projet-${routeId(request)}-utilisateurs`,
  });
}
