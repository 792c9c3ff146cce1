import { warrantyCriteriaSchema, warrantyOrderDatesSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { badRequest } from '../../platform/errors.js';
import type { ListDefinition } from '../../platform/list-engine.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext } from '../../platform/route-helpers.js';
import { warrantyList, warrantyListOf } from './warranties.lists.js';
import { createWarrantyService } from './warranties.service.js';

const CRITERIA = ['projects', 'markets', 'subprojects', 'imputations', 'hideEmptyRg', 'hideErp'] as const;

/** Splits a query (or CSV form) into the screen's criteria, as the list's condition, and the list query. */
function warrantyRequest(raw: unknown): { definition: ListDefinition; wire: Record<string, unknown> } {
  const { ...wire } = (raw ?? {}) as Record<string, unknown>;
  const criteria = warrantyCriteriaSchema.safeParse(Object.fromEntries(CRITERIA.map((key) => [key, wire[key]])));
  if (!criteria.success) {
    const issue = criteria.error.issues[0];
    throw badRequest(issue?.message ?? 'Critères invalides.', { [String(issue?.path[0] ?? 'query')]: issue?.message ?? '' });
  }
  for (const key of CRITERIA) {
    delete wire[key];
  }
  return { definition: warrantyListOf(criteria.data), wire };
}

/**
 * Order warranties (spec 2 /os/warranties, §7 GET /orders/warranties, PUT /orders): reading needs the
 * warranty read right (spec 2 §6), the orders shown staying those of the reader's scope; saving the dates the order update right, and the financial option (checked by the
 * service: 422 with the reason rather than a 403, which would sign the user out).
 */
export function registerWarrantyRoutes(app: FastifyInstance, database: Database): void {
  const service = createWarrantyService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  registerList(app, database, {
    path: '/api/orders/warranties',
    csvPath: '/api/orders/warranties/csv',
    definition: warrantyList,
    access: access.right('warranty', 'read'),
    fileName: 'garanties-commandes',
    criteria: warrantyRequest,
  });

  typed.put(
    '/api/orders',
    { schema: { body: warrantyOrderDatesSchema }, config: { access: access.right('order', 'update') } },
    async (request) => ({
      success: true,
      count: await service.setDates(request.body, principalOf(request), auditContext(request)),
    }),
  );
}
