import {
  IMPORT_SUCCESS_MESSAGE,
  ORDER_LOCKED_IMPORT_MESSAGE,
  orderCreateSchema,
  orderEmitterSchema,
  orderUpdateSchema,
} from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { businessRefusal } from '../../platform/errors.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { readCsvUpload } from '../price-schedules/index.js';
import { orderDocumentRemovalRefusal } from './order-documents.js';
import { registerOrderErpRoutes } from './order-erp.routes.js';
import { importOrderLines } from './order-import.js';
import { recomputeMarketOrderTotals } from './order-lines.js';
import { registerOrderPdfRoutes } from './order-pdf.routes.js';
import { orderPrestations, orderPrestationsQuery, sendOrderCsv } from './order-prestations.js';
import { orderWorkItem } from './order-work-item.js';
import { registerOrderWorkflow } from './order-workflow.js';
import { orderList } from './orders.lists.js';
import { createOrderService } from './orders.service.js';

/** Service orders (spec 2 /sst/orders, /sst/order/{id}, §7 Orders). */
export function registerOrderRoutes(app: FastifyInstance, database: Database): void {
  const service = createOrderService(database);
  app.workflow.registry.registerKind(orderWorkItem);
  registerOrderWorkflow(app.workflow.registry, app.erpExchange);
  app.marketVatFollowers.register(recomputeMarketOrderTotals);
  app.documentOwners.registerOwner('order', { entity: 'order', list: orderList, removalRefusal: orderDocumentRemovalRefusal });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('order', action) });
  const inScope = { preHandler: requireInScope(database, orderList) };
  registerOrderErpRoutes(app, database);
  registerOrderPdfRoutes(app, database);

  // All / My scope / My tasks (spec 2: default haveToDo on the screen), read on the orders' stored node
  registerList(app, database, {
    path: '/api/orders',
    csvPath: '/api/orders/csv',
    definition: orderList,
    access: access.right('order', 'read'),
    fileName: 'commandes',
    workItems: app.workflow.workItemList(orderWorkItem),
  });

  typed.post('/api/order/create', { schema: { body: orderCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, principalOf(request), auditContext(request)),
  }));

  typed.get('/api/order/:id', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/order/:id',
    { schema: { params: idParams, body: orderUpdateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.put(
    '/api/order/:id/emitter',
    { schema: { params: idParams, body: orderEmitterSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      record: await service.setEmitter(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.delete(
    '/api/order/:id/delete',
    { schema: { params: idParams }, config: right('delete'), ...inScope },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  typed.get(
    '/api/order/:id/prestations',
    { schema: { params: idParams, querystring: orderPrestationsQuery }, config: right('read'), ...inScope },
    async (request) => orderPrestations(database, request.params.id, request.query),
  );

  typed.post('/api/order/:id/import', { schema: { params: idParams }, config: right('update'), ...inScope }, async (request) => {
    const order = await service.get(request.params.id);
    if (order.locked) {
      throw businessRefusal(ORDER_LOCKED_IMPORT_MESSAGE);
    }
    const content = await readCsvUpload(request);
    const count = await importOrderLines(database, { id: order.id, bpuId: order.bpu }, content);
    return { success: true, message: IMPORT_SUCCESS_MESSAGE, updated: count };
  });

  typed.post(
    '/api/order/:id/export',
    { schema: { params: idParams, querystring: orderPrestationsQuery }, config: right('read'), ...inScope },
    async (request, reply) => {
      const order = await service.get(request.params.id);
      const rows = await orderPrestations(database, order.id, { ...request.query, displayAll: true, onlyOrdered: false });
      return sendOrderCsv(reply, order.reference, rows);
    },
  );
}
