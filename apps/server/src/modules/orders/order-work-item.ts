import { type SQL, sql } from 'drizzle-orm';
import { can, type Principal } from '../../platform/principal.js';
import type { WorkItemKind } from '../workflow/index.js';
import { ORDER_ENTITY, orderScope } from './orders.lists.js';

/** A profile's visibility on an order row `o` (the order list's alias), read right included. */
export function orderRowScope(principal: Principal): SQL | undefined {
  return can(principal, 'order', 'read')
    ? orderScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` })
    : sql`FALSE`;
}

/**
 * Orders as work items of the service order workflow: a profile sees an order's token when it may read
 * orders and the order is in its scope (the order list's rule); "My tasks" narrows to the orders it follows.
 */
export const orderWorkItem: WorkItemKind = {
  entity: ORDER_ENTITY,
  nodeColumn: { table: 'orders', column: 'wf_node_id' },
  row: {
    from: sql`orders o`,
    alias: 'o',
    scope: orderRowScope,
    amount: sql`o.total`,
    summary: {
      from: sql`order_node_summaries ons`,
      node: sql`ons.node_id`,
      scope: (principal) =>
        can(principal, 'order', 'read')
          ? orderScope(principal, { projectId: sql`ons.project_id`, agencyId: sql`ons.agency_id` })
          : sql`FALSE`,
      count: sql`ons.orders`,
      amount: sql`ons.total`,
    },
  },
  scope(principal: Principal, entityId: SQL): SQL {
    if (!can(principal, 'order', 'read')) {
      return sql`FALSE`;
    }
    const scope = orderScope(principal, { projectId: sql`wo.project_id`, agencyId: sql`wo.agency_id` });
    return scope
      ? sql`EXISTS (SELECT 1 FROM orders wo WHERE wo.id = ${entityId} AND ${scope})`
      : sql`EXISTS (SELECT 1 FROM orders wo WHERE wo.id = ${entityId})`;
  },
  label: (entityId) => sql`(SELECT wo.reference FROM orders wo WHERE wo.id = ${entityId})`,
  amount: (entityId) => sql`(SELECT wo.total FROM orders wo WHERE wo.id = ${entityId})`,
  columns: (entityId) => {
    const of = (expression: SQL) => sql`(SELECT ${expression} FROM orders wo WHERE wo.id = ${entityId})`;
    return {
      reference: { sql: of(sql`wo.reference`), kind: 'text', label: 'Référence' },
      orderName: { sql: of(sql`wo.name`), kind: 'text', label: 'Complément' },
      marketEdifice: {
        sql: of(sql`(SELECT wm.edifice FROM markets wm WHERE wm.id = wo.market_id)`),
        kind: 'text',
        label: 'Marché',
      },
      agencyName: { sql: of(sql`(SELECT wa.name FROM agencies wa WHERE wa.id = wo.agency_id)`), kind: 'text', label: 'Agence' },
      total: { sql: of(sql`wo.total`), kind: 'money', label: 'Montant (€ HT)' },
    };
  },
};
