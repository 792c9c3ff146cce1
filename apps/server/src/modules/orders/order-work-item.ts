import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/principal.js';
import {
  agencyNameColumn,
  itemValue,
  marketEdificeColumn,
  readableScope,
  type WorkItemKind,
  type WorkItemSource,
  workItemScope,
} from '../workflow/index.js';
import { ORDER_ENTITY, orderScope } from './orders.lists.js';

const source: WorkItemSource = { from: sql`orders wo`, key: sql`wo.id`, alias: 'wo' };

/** A profile's visibility on an order row `o` (the order list's alias), read right included. */
export function orderRowScope(principal: Principal): SQL | undefined {
  return readableScope(principal, 'order', orderScope, 'o');
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
      scope: (principal) => readableScope(principal, 'order', orderScope, 'ons'),
      count: sql`ons.orders`,
      amount: sql`ons.total`,
    },
  },
  scope: workItemScope('order', orderScope, source),
  label: (entityId) => itemValue(source, entityId, sql`wo.reference`),
  amount: (entityId) => itemValue(source, entityId, sql`wo.total`),
  columns: (entityId) => ({
    reference: { sql: itemValue(source, entityId, sql`wo.reference`), kind: 'text', label: 'Référence' },
    orderName: { sql: itemValue(source, entityId, sql`wo.name`), kind: 'text', label: 'Complément' },
    marketEdifice: marketEdificeColumn(source, entityId, 'wo'),
    agencyName: agencyNameColumn(source, entityId, 'wo'),
    total: { sql: itemValue(source, entityId, sql`wo.total`), kind: 'money', label: 'Montant (€ HT)' },
  }),
};
