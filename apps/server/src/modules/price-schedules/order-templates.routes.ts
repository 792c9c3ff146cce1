import { orderTemplateCreateSchema, orderTemplateUpdateSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createOrderTemplateService } from './order-templates.service.js';
import { orderTemplateList } from './price-schedules.lists.js';

/** Order templates (spec 3 /os/templates): list, detail with the prestation tree, create, edit, delete. */
export function registerOrderTemplateRoutes(app: FastifyInstance, database: Database): void {
  const service = createOrderTemplateService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('os_template', action) });

  registerList(app, database, {
    path: '/api/orderTemplates',
    csvPath: '/api/orderTemplate/csv',
    definition: orderTemplateList,
    access: access.right('os_template', 'read'),
    fileName: 'modeles-commande',
  });

  typed.post(
    '/api/orderTemplate/create',
    { schema: { body: orderTemplateCreateSchema }, config: right('create') },
    async (request) => ({ success: true, id: await service.create(request.body, auditContext(request)) }),
  );

  typed.get('/api/orderTemplate/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/orderTemplate/:id',
    { schema: { params: idParams, body: orderTemplateUpdateSchema }, config: right('update') },
    async (request) => {
      await service.update(request.params.id, request.body, auditContext(request));
      return { success: true, id: request.params.id, record: await service.get(request.params.id) };
    },
  );

  typed.delete('/api/orderTemplate/:id/delete', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });
}
