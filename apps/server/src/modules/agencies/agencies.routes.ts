import { agencyCreateSchema, agencyUpdateSchema } from '@isf/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { roles, userAgencies, users } from '../../db/schema/index.js';
import { access } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { agencyList } from './agencies.lists.js';
import type { AgencyService } from './agencies.service.js';
import { linkUserToAgency, unlinkUserFromAgency } from './user-agencies.js';

/** Agencies (spec 3 /sst/agencies): list, SIRET lookup, create, detail, edit, delete, legal folder, users. */
export function registerAgencyRoutes(app: FastifyInstance, database: Database, service: AgencyService): void {
  app.documentOwners.registerOwner('agency', { entity: 'agency', list: agencyList });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('agency', action) });
  const inScope = { preHandler: requireInScope(database, agencyList) };

  registerList(app, database, {
    path: '/api/agencies',
    csvPath: '/api/agency/csv',
    definition: agencyList,
    access: access.right('agency', 'read'),
  });

  typed.get(
    '/api/agency/lookup/:siret',
    { schema: { params: z.object({ siret: z.string().max(20) }) }, config: right('read') },
    async (request) => service.lookup(request.params.siret.trim()),
  );

  typed.post('/api/agency/create', { schema: { body: agencyCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.get('/api/agency/:id', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/agency/:id',
    { schema: { params: idParams, body: agencyUpdateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete(
    '/api/agency/:id/delete',
    { schema: { params: idParams }, config: right('delete'), ...inScope },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  typed.get('/api/agency/:id/legal', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.legal(request.params.id, auditContext(request)),
  );

  typed.get(
    '/api/agency/:id/users',
    { schema: { params: idParams }, config: { access: access.right('user_agency', 'read') }, ...inScope },
    async (request) => {
      await service.get(request.params.id);
      return database
        .select({ id: users.id, uid: users.uid, name: users.name, mail: users.mail, roleName: roles.name, active: users.active })
        .from(userAgencies)
        .innerJoin(users, eq(users.id, userAgencies.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(userAgencies.agencyId, request.params.id))
        .orderBy(asc(users.name), asc(users.id));
    },
  );

  const linkParams = idParams.extend({ agencyId: idParams.shape.id });
  // the agency of a link must be one the caller may see, as its detail would be
  const agencyInScope = {
    preHandler: async (request: FastifyRequest) => {
      const { agencyId } = request.params as { agencyId: number };
      if (!(await isInScope(database, agencyList, request.principal, agencyId))) {
        throw notFound();
      }
    },
  };

  typed.post(
    '/api/user/:id/agency/:agencyId',
    { schema: { params: linkParams }, config: { access: access.right('user_agency', 'create') }, ...agencyInScope },
    async (request) => {
      await linkUserToAgency(database, request.params.id, request.params.agencyId, auditContext(request));
      return { success: true };
    },
  );

  typed.delete(
    '/api/user/:id/agency/:agencyId',
    { schema: { params: linkParams }, config: { access: access.right('user_agency', 'delete') }, ...agencyInScope },
    async (request) => {
      await unlinkUserFromAgency(database, request.params.id, request.params.agencyId, auditContext(request));
      return { success: true };
    },
  );
}
