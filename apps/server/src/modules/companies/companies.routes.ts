import { companyCreateSchema, companyUpdateSchema } from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { agencies, companies } from '../../db/schema/index.js';
import { access } from '../../platform/access.js';
import { createCrud } from '../../platform/crud.js';
import { notFound } from '../../platform/errors.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import type { createAgencyService } from '../agencies/index.js';
import { agencyList } from '../agencies/index.js';
import { companyList } from './companies.lists.js';

export const companyCrud = (database: Database) =>
  createCrud(database, {
    table: companies,
    entity: 'company',
    selection: {
      id: companies.id,
      version: companies.version,
      edifice: companies.edifice,
      name: companies.name,
      siren: companies.siren,
      manager: companies.manager,
      mail: companies.mail,
    },
  });

/** Companies (spec 3 /sst/companies): list, detail, create, edit, delete, and their agencies. */
export function registerCompanyRoutes(
  app: FastifyInstance,
  database: Database,
  agencyService: ReturnType<typeof createAgencyService>,
): void {
  app.documentOwners.registerOwner('company', { entity: 'company', list: companyList });
  const crud = companyCrud(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('company', action) });

  registerList(app, database, {
    path: '/api/companies',
    csvPath: '/api/company/csv',
    definition: companyList,
    access: access.right('company', 'read'),
  });

  typed.post('/api/company/create', { schema: { body: companyCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await crud.create(request.body, auditContext(request)),
  }));

  typed.get('/api/company/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    crud.get(request.params.id),
  );

  typed.put(
    '/api/company/:id',
    { schema: { params: idParams, body: companyUpdateSchema }, config: right('update') },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await crud.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete('/api/company/:id/delete', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await crud.remove(request.params.id, auditContext(request));
    return { success: true };
  });

  // the Agencies tab: a company's agencies (a 404 for a company that does not exist), 200 at most, whatever the query
  registerList(app, database, {
    path: '/api/company/:id/agencies',
    definition: agencyList,
    access: access.right('agency', 'read'),
    params: idParams,
    preHandler: async (request) => {
      await crud.get(routeId(request));
    },
    criteria: (_wire, request) => ({
      definition: agencyList,
      wire: { page: 0, size: 200, filters: { companyId: String(routeId(request)) } },
    }),
  });

  typed.delete(
    '/api/company/:id/agency/:agencyId/delete',
    {
      schema: { params: idParams.extend({ agencyId: z.coerce.number().int().positive('Identifiant invalide.') }) },
      config: { access: access.right('agency', 'delete') },
    },
    async (request) => {
      const [agency] = await database
        .select({ id: agencies.id })
        .from(agencies)
        .where(and(eq(agencies.id, request.params.agencyId), eq(agencies.companyId, request.params.id)))
        .limit(1);
      if (!agency) {
        throw notFound();
      }
      await agencyService.remove(agency.id, auditContext(request));
      return { success: true };
    },
  );
}
