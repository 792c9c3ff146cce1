import { TO_VALIDATE_PAGE_SIZE } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import type { StoredTotals } from '../../platform/list-engine.js';
import { registerList } from '../../platform/list-routes.js';
import {
  ATTACHMENT_ITEM,
  attachmentsToValidateList,
  MARKET_ITEM,
  marketsToValidateList,
  ORDER_ITEM,
  ordersToValidateList,
} from './dashboard-to-validate.js';
import { dashboardNodes, runningOrderList, runningOrdersAmount } from './workflow-dashboard.js';
import type { WorkflowEngine } from './workflow-engine.js';
import { storedNodeRow } from './workflow-registry.js';

/**
 * The home dashboard's calls (spec 1 §7): the nodes with their counts (process table and my tasks), the
 * orders, markets and attachments to validate, and the running orders. Every count stays in the caller's scope.
 */
export function registerDashboardRoutes(app: FastifyInstance, db: Database, engine: WorkflowEngine): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: access.authenticated() };
  const { registry } = engine;

  /**
   * The item ids of the caller's My tasks on one kind, as a condition on `entityId`. A kind that stores its
   * node on its row, when the list names that row as the kind does (`alias`), is filtered on the row itself
   * (stored node, the role's node ids, the visibility on the row), without the tokens.
   */
  async function haveToDo(request: FastifyRequest, entity: string, entityId: SQL, alias?: string) {
    const row = alias === undefined ? undefined : storedNodeRow(registry.kind(entity), alias);
    return (await engine.workItemFilter(principalOf(request), 'haveToDo', entity, entityId, row)) ?? sql`FALSE`;
  }

  /**
   * My tasks of a kind summed ahead per node and scope key (`row.summary`) and assigning nothing, on its
   * summary's rows (`workItemSummaryFilter`): the list's count and amount total from a few rows per node
   * instead of every item the caller must move (the manager of 43,807 projects: thousands of orders).
   */
  async function haveToDoSummed(request: FastifyRequest, entity: string): Promise<StoredTotals | undefined> {
    const summary = registry.kind(entity)?.row?.summary;
    const summed = await engine.workItemSummaryFilter(principalOf(request), 'haveToDo', entity);
    if (!summary || !summed) {
      return undefined;
    }
    const { from, condition } = summed;
    return { from, count: summary.count, columns: { amount: summary.amount }, where: () => condition };
  }

  typed.get('/api/dashboard/nodes', { config: signedIn }, async (request) => {
    const actors = await engine.actorsOf(principalOf(request));
    const roleIds = [...new Set(actors.map((actor) => actor.principal.roleId))];
    return dashboardNodes(db, registry, actors, roleIds);
  });

  registerList(app, db, {
    path: '/api/dashboard/runningorders',
    access: access.authenticated(),
    criteria: async (wire, request) => ({
      definition: await runningOrderList(db, registry, await engine.actorsOf(principalOf(request))),
      wire,
    }),
  });

  typed.get('/api/dashboard/runningorders/amount', { config: signedIn }, async (request) =>
    runningOrdersAmount(db, registry, await engine.actorsOf(principalOf(request))),
  );

  // a page of TO_VALIDATE_PAGE_SIZE unless the query asks for another size
  registerList(app, db, {
    path: '/api/dashboard/orderstovalidate',
    access: access.right('order', 'read'),
    criteria: async (wire, request) => ({
      definition: ordersToValidateList(
        await haveToDo(request, ORDER_ITEM, sql`o.id`, 'o'),
        await haveToDoSummed(request, ORDER_ITEM),
      ),
      wire: { size: TO_VALIDATE_PAGE_SIZE, ...wire },
    }),
  });

  registerList(app, db, {
    path: '/api/dashboard/marketstovalidate',
    access: access.right('subcontractor_market', 'read'),
    criteria: async (wire, request) => ({
      definition: marketsToValidateList(await haveToDo(request, MARKET_ITEM, sql`m.id`)),
      wire: { size: TO_VALIDATE_PAGE_SIZE, ...wire },
    }),
  });

  registerList(app, db, {
    path: '/api/dashboard/attachementstovalidate',
    access: access.right(ATTACHMENT_ITEM, 'read'),
    criteria: async (wire, request) => ({
      definition: attachmentsToValidateList(
        await haveToDo(request, ATTACHMENT_ITEM, sql`att.id`, 'att'),
        await haveToDoSummed(request, ATTACHMENT_ITEM),
      ),
      wire: { size: TO_VALIDATE_PAGE_SIZE, ...wire },
    }),
  });
}
