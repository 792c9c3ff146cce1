import { DEPOSIT_ENTITY, depositCreateSchema, depositUpdateSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { marketList } from '../markets/index.js';
import { orderList } from '../orders/index.js';
import { depositList } from './deposits.lists.js';
import { createDepositService } from './deposits.service.js';

const referencesQuery = z.object({ search: z.string().trim().max(100).optional() });

/**
 * Deposits (spec 2 /sst/deposits, the deposits blocks of orders and markets, §7 Deposits). Reading
 * and writing need the deposit rights; adding and editing also need the financial option and a
 * retention type other than "not applicable", which the service checks (422 with the reason).
 */
export function registerDepositRoutes(app: FastifyInstance, database: Database): void {
  const service = createDepositService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update') => ({ access: access.right(DEPOSIT_ENTITY, action) });
  const orderInScope = { preHandler: requireInScope(database, orderList) };
  const marketInScope = { preHandler: requireInScope(database, marketList) };

  registerList(app, database, {
    path: '/api/deposit',
    csvPath: '/api/deposit/csv',
    definition: depositList,
    access: access.right(DEPOSIT_ENTITY, 'read'),
    fileName: 'avances',
  });

  typed.get('/api/deposit/references', { schema: { querystring: referencesQuery }, config: right('read') }, async (request) =>
    service.references(principalOf(request), request.query.search),
  );

  typed.get(
    '/api/deposit/:id/attachements',
    { schema: { params: idParams }, config: right('read'), preHandler: requireInScope(database, depositList) },
    async (request) => service.usages(request.params.id),
  );

  typed.put(
    '/api/deposit/:id',
    {
      schema: { params: idParams, body: depositUpdateSchema },
      config: right('update'),
      preHandler: requireInScope(database, depositList),
    },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.get(
    '/api/order/:id/deposits',
    { schema: { params: idParams }, config: right('read'), ...orderInScope },
    async (request) => service.ofOwner({ kind: 'order', id: request.params.id }, principalOf(request)),
  );

  typed.post(
    '/api/order/:id/deposit',
    { schema: { params: idParams, body: depositCreateSchema }, config: right('create'), ...orderInScope },
    async (request) => ({
      success: true,
      id: await service.create(
        { kind: 'order', id: request.params.id },
        request.body,
        principalOf(request),
        auditContext(request),
      ),
    }),
  );

  typed.get(
    '/api/market/:id/deposits',
    { schema: { params: idParams }, config: right('read'), ...marketInScope },
    async (request) => service.ofOwner({ kind: 'market', id: request.params.id }, principalOf(request)),
  );

  typed.post(
    '/api/market/:id/deposit',
    { schema: { params: idParams, body: depositCreateSchema }, config: right('create'), ...marketInScope },
    async (request) => ({
      success: true,
      id: await service.create(
        { kind: 'market', id: request.params.id },
        request.body,
        principalOf(request),
        auditContext(request),
      ),
    }),
  );
}
