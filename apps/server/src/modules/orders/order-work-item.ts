import { sql } from 'drizzle-orm';
import { type WorkItemKind, workItemParts } from '../workflow/index.js';
import { ORDER_ENTITY, orderScope, orderScopeUser } from './orders.lists.js';

const parts = workItemParts('order', orderScope, { table: 'orders', from: sql`orders wo`, key: sql`wo.id`, alias: 'wo' });

/**
 * Orders as work items of the service order workflow: a profile sees an order's token when it may read
 * orders and the order is in its scope (the order list's rule); "My tasks" narrows to the orders it follows.
 */
export const orderWorkItem: WorkItemKind = {
  entity: ORDER_ENTITY,
  ...parts.storedRow({
    from: sql`orders o`,
    alias: 'o',
    scopeAlias: 'o',
    amount: sql`o.total`,
    summary: {
      from: sql`order_node_summaries ons`,
      alias: 'ons',
      count: sql`ons.orders`,
      amount: sql`ons.total`,
      rollUp: sql`order_node_rollups ons`,
      userRollUp: { from: sql`order_node_user_rollups ons`, scopeUser: orderScopeUser },
    },
  }),
  ...parts.item(sql`wo.reference`, sql`wo.total`),
  columns: (entityId) => ({
    reference: parts.column(entityId, sql`wo.reference`, 'text', 'Référence'),
    orderName: parts.column(entityId, sql`wo.name`, 'text', 'Complément'),
    ...parts.marketAndAgency(entityId),
    total: parts.column(entityId, sql`wo.total`, 'money', 'Montant (€ HT)'),
  }),
};
