import { prestationCreateSchema, prestationUpdateSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createPrestationService } from './prestations.service.js';
import { prestationList } from './price-schedules.lists.js';

/** Prestations (spec 3 /prestations): list of every template's prestations, create, detail. */
export function registerPrestationRoutes(app: FastifyInstance, database: Database): void {
  const service = createPrestationService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('prestation', action) });

  registerList(app, database, {
    path: '/api/prestations',
    csvPath: '/api/prestation/csv',
    definition: prestationList,
    access: access.right('prestation', 'read'),
  });

  typed.post('/api/prestation', { schema: { body: prestationCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.get('/api/prestation/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/prestation/:id',
    { schema: { params: idParams, body: prestationUpdateSchema }, config: right('update') },
    async (request) => {
      await service.update(request.params.id, request.body, auditContext(request));
      return { success: true, id: request.params.id, record: await service.get(request.params.id) };
    },
  );

  typed.delete('/api/prestation/:id', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });
}
