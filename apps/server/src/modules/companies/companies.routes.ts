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
import { runList } from '../../platform/list-engine.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
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

  typed.get(
    '/api/company/:id/agencies',
    { schema: { params: idParams }, config: { access: access.right('agency', 'read') } },
    async (request) => {
      await crud.get(request.params.id);
      return runList(
        database,
        agencyList,
        { page: 0, size: 200, filters: { companyId: String(request.params.id) }, summary: false },
        request.principal,
      );
    },
  );

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
