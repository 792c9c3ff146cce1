import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/principal.js';
import { type WorkItemKind, workItemParts } from '../workflow/index.js';
import { ORDER_ENTITY, orderScope } from './orders.lists.js';

const parts = workItemParts('order', orderScope, { from: sql`orders wo`, key: sql`wo.id`, alias: 'wo' });

/** A profile's visibility on an order row `o` (the order list's alias), read right included. */
export function orderRowScope(principal: Principal): SQL | undefined {
  return parts.scopeOn(principal, 'o');
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
      scope: (principal) => parts.scopeOn(principal, 'ons'),
      count: sql`ons.orders`,
      amount: sql`ons.total`,
    },
  },
  ...parts.item(sql`wo.reference`, sql`wo.total`),
  columns: (entityId) => ({
    reference: parts.column(entityId, sql`wo.reference`, 'text', 'Référence'),
    orderName: parts.column(entityId, sql`wo.name`, 'text', 'Complément'),
    ...parts.marketAndAgency(entityId),
    total: parts.column(entityId, sql`wo.total`, 'money', 'Montant (€ HT)'),
  }),
};
