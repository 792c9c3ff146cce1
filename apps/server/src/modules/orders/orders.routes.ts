import {
  IMPORT_SUCCESS_MESSAGE,
  ORDER_LOCKED_IMPORT_MESSAGE,
  orderCreateSchema,
  orderEmitterSchema,
  orderUpdateSchema,
  workflowFilterSchema,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { sendCsv } from '../../platform/csv-export.js';
import { badRequest, businessRefusal } from '../../platform/errors.js';
import { type ListDefinition, parseListQuery, runList } from '../../platform/list-engine.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { readCsvUpload } from '../price-schedules/index.js';
import { orderDocumentRemovalRefusal } from './order-documents.js';
import { registerOrderErpRoutes } from './order-erp.routes.js';
import { importOrderLines } from './order-import.js';
import { recomputeMarketOrderTotals } from './order-lines.js';
import { registerOrderPdfRoutes } from './order-pdf.routes.js';
import { orderPrestations, orderPrestationsQuery, sendOrderCsv } from './order-prestations.js';
import { orderRowScope, orderWorkItem } from './order-work-item.js';
import { registerOrderWorkflow } from './order-workflow.js';
import { ORDER_ENTITY, orderList } from './orders.lists.js';
import { createOrderService } from './orders.service.js';

const filterQuery = z.object({ filter: workflowFilterSchema }).passthrough();

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

  /** The list narrowed by All / My scope / My tasks (spec 2: default haveToDo on the screen). */
  async function filteredList(request: FastifyRequest, raw: unknown): Promise<ListDefinition> {
    const parsed = filterQuery.safeParse(raw ?? {});
    if (!parsed.success) {
      throw badRequest(parsed.error.issues[0]?.message ?? 'Filtre inconnu.', { filter: 'Filtre inconnu.' });
    }
    const condition = await app.workflow.workItemFilter(principalOf(request), parsed.data.filter, ORDER_ENTITY, sql`o.id`, {
      nodeId: sql`o.wf_node_id`,
      scope: orderRowScope,
    });
    // My scope / My tasks: counted and totalled on the orders (the summaries stand for the unfiltered list)
    return condition ? { ...orderList, where: condition, stored: undefined } : orderList;
  }

  app.get('/api/orders', { config: right('read') }, async (request) => {
    const definition = await filteredList(request, request.query);
    const { filter: _filter, ...query } = (request.query ?? {}) as Record<string, unknown>;
    return runList(database, definition, parseListQuery(query), request.principal);
  });

  app.post('/api/orders/csv', { config: right('read') }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const definition = await filteredList(request, { filter: body.filter });
    const { ids, token: _token, filter: _filter, ...wire } = body;
    const selected =
      typeof ids === 'string' && ids !== '' ? ids.split(',').map(Number) : Array.isArray(ids) ? ids.map(Number) : [];
    if (selected.some((id) => !Number.isInteger(id) || id <= 0)) {
      throw badRequest('La sélection doit être une liste d’identifiants.', { ids: 'Sélection invalide.' });
    }
    const query = parseListQuery({ ...wire, page: 0, size: 1 });
    return sendCsv(reply, database, definition, query, request.principal, selected, 'commandes');
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
