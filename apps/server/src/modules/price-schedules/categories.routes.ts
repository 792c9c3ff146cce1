import { categoryCreateSchema, categoryUpdateSchema } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { createCategoryService } from './categories.service.js';
import { categoryList, parentCategoryList, subcategoryList } from './price-schedules.lists.js';

/** Categories (spec 3 /categories): list, top categories, subcategories, detail, merge of duplicates. */
export function registerCategoryRoutes(app: FastifyInstance, database: Database): void {
  const service = createCategoryService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('category', action) });

  registerList(app, database, {
    path: '/api/category',
    csvPath: '/api/category/csv',
    definition: categoryList,
    access: access.right('category', 'read'),
    fileName: 'categories',
  });

  registerList(app, database, {
    path: '/api/category/parent',
    definition: parentCategoryList,
    access: access.right('category', 'read'),
  });

  typed.get('/api/category/allParentCategories', { config: right('read') }, async () => service.allParents());

  registerList(app, database, {
    path: '/api/category/:id/subcategories',
    params: idParams,
    preHandler: async (request) => service.assertExists(routeId(request)),
    definition: subcategoryList,
    where: (request) => sql`c.parent_id = ${routeId(request)}`,
    access: access.right('category', 'read'),
  });

  typed.get('/api/category/:id/subcategories/list', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.subcategories(request.params.id),
  );

  typed.post('/api/category', { schema: { body: categoryCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.post('/api/category/dedupe', { config: right('delete') }, async (request) => ({
    success: true,
    merged: await service.dedupe(auditContext(request)),
  }));

  typed.get('/api/category/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/category/:id',
    { schema: { params: idParams, body: categoryUpdateSchema }, config: right('update') },
    async (request) => {
      await service.update(request.params.id, request.body, auditContext(request));
      return { success: true, id: request.params.id, record: await service.get(request.params.id) };
    },
  );

  typed.delete('/api/category/:id', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });
}
