import { ORDER_ERP_QUEUED_MESSAGE } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { orderList } from './orders.lists.js';

/**
 * POST /oracle/order/{id} (spec 2 §7 "send to ERP, then reload"): the header's Send to ERP, with the order
 * update right. The send is a job of the ERP exchange (CREATED at once; the detail then follows it).
 */
export function registerOrderErpRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/oracle/order/:id',
    {
      schema: { params: idParams },
      config: { access: access.right('order', 'update') },
      preHandler: requireInScope(database, orderList),
    },
    async (request) => {
      const queued = await app.erpExchange.sendOrder(request.params.id, auditContext(request));
      return { success: true, oracleStatus: queued.oracleStatus, taskId: queued.taskId, message: ORDER_ERP_QUEUED_MESSAGE };
    },
  );
}
