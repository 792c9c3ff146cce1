import { enableAllEvaluationsQuerySchema, marketCreateSchema, marketUpdateSchema } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { agencyList } from '../agencies/index.js';
import { registerMarketVatFollowers } from './market-vat-followers.js';
import { marketWorkItem } from './market-work-item.js';
import { activeMarketList, marketList } from './markets.lists.js';
import { createMarketService } from './markets.service.js';

/** Subcontractor markets (spec 2 /sst/markets, §7 Markets) and the agency's Contractor agreement (spec 3). */
export function registerMarketRoutes(app: FastifyInstance, database: Database): void {
  const service = createMarketService(database, registerMarketVatFollowers(app));
  app.workflow.registry.registerKind(marketWorkItem);
  app.documentOwners.registerOwner('subcontractor_market', { entity: 'subcontractor_market', list: marketList });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('subcontractor_market', action) });
  const inScope = { preHandler: requireInScope(database, marketList) };
  const agencyInScope = { preHandler: requireInScope(database, agencyList) };
  const deactivateOption = { access: access.option('subcontractor_markets.deactivate_markets') };

  // no All / My scope / My tasks filter: spec 1 §2 keeps market work items on All (docs/decisions.md)
  registerList(app, database, {
    path: '/api/markets',
    csvPath: '/api/markets/csv',
    definition: marketList,
    access: access.right('subcontractor_market', 'read'),
    fileName: 'marches',
  });
  registerList(app, database, {
    path: '/api/markets/active',
    definition: activeMarketList,
    access: access.right('subcontractor_market', 'read'),
  });

  typed.post('/api/market/create', { schema: { body: marketCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, principalOf(request), auditContext(request)),
  }));

  typed.get('/api/market/:id', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/market/:id',
    { schema: { params: idParams, body: marketUpdateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.delete(
    '/api/market/:id/delete',
    { schema: { params: idParams }, config: right('delete'), ...inScope },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  typed.put(
    '/api/market/:id/deactivate',
    { schema: { params: idParams }, config: deactivateOption, ...inScope },
    async (request) => service.deactivate(request.params.id, auditContext(request)),
  );

  typed.put('/api/market/:id/activate', { schema: { params: idParams }, config: deactivateOption, ...inScope }, async (request) =>
    service.activate(request.params.id, auditContext(request)),
  );

  typed.get('/api/market/:id/bpus', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.bpus(request.params.id),
  );

  // the agency's Contractor agreement tab: its markets, as a list page
  registerList(app, database, {
    path: '/api/agency/:id/markets',
    params: idParams,
    ...agencyInScope,
    definition: marketList,
    where: (request) => sql`m.agency_id = ${routeId(request)}`,
    access: access.right('subcontractor_market', 'read'),
  });

  typed.put(
    '/api/agency/:id/enable-all-evaluations',
    { schema: { params: idParams, querystring: enableAllEvaluationsQuerySchema }, config: right('update'), ...agencyInScope },
    async (request) => ({
      success: true,
      count: await service.enableAllEvaluations(
        request.params.id,
        request.query.toEvaluate,
        principalOf(request),
        auditContext(request),
      ),
    }),
  );
}
