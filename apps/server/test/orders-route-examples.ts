import { ORDER_CSV_HEADERS } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { inject } from './helper.js';
import { createOrder, demoMarkets, marketWithBpu, oracleProjectWithTask, orderPayload } from './orders-fixtures.js';
import { csvFile, importForm } from './price-schedules-fixtures.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

async function firstMarket(context: ExampleContext): Promise<number> {
  const [market] = await demoMarkets(context.db);
  return market?.id ?? 0;
}

/** A demo order validated by the subcontractor and not in the ERP (a second queueing is accepted). */
async function validatedOrder(context: ExampleContext): Promise<number> {
  const result = (await context.db.execute(sql`SELECT o.id FROM orders o
    JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
    JOIN workflow_nodes n ON n.id = t.node_id
    WHERE n.code = 'os_validated' AND o.oracle_id IS NULL ORDER BY o.id LIMIT 1`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id ?? 0;
}

const newOrder = async (context: ExampleContext) =>
  createOrder(context.app, context.db, context.admin, await firstMarket(context));

/** Example requests of the service order routes (test/route-examples.ts). */
export const ORDER_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/order/create': async (context) => ({
    url: '/api/order/create',
    payload: await orderPayload(context.db, await firstMarket(context)),
  }),
  'GET /api/order/:id': async (context) => ({ url: `/api/order/${await newOrder(context)}` }),
  'PUT /api/order/:id': async (context) => {
    const id = await newOrder(context);
    const order = await inject(context.app, { method: 'GET', url: `/api/order/${id}`, token: context.admin });
    return { url: `/api/order/${id}`, payload: order.json() };
  },
  'PUT /api/order/:id/emitter': async (context) => {
    const internal = await marketWithBpu(context.app, context.db, context.admin, 'payment_internal');
    const id = await createOrder(context.app, context.db, context.admin, internal.marketId);
    const emitter = await oracleProjectWithTask(context.db);
    return { url: `/api/order/${id}/emitter`, payload: { project: emitter.project, task: emitter.task } };
  },
  'DELETE /api/order/:id/delete': async (context) => ({ url: `/api/order/${await newOrder(context)}/delete` }),
  'GET /api/order/:id/prestations': async (context) => ({ url: `/api/order/${await newOrder(context)}/prestations` }),
  'POST /api/order/:id/export': async (context) => ({ url: `/api/order/${await newOrder(context)}/export`, payload: {} }),
  'POST /api/order/:id/pdf': async (context) => ({ url: `/api/order/${await newOrder(context)}/pdf`, payload: {} }),
  'POST /api/oracle/order/:id': async (context) => ({ url: `/api/oracle/order/${await validatedOrder(context)}` }),
  'POST /api/order/:id/import': async (context) => {
    const form = importForm(csvFile([[...ORDER_CSV_HEADERS]]));
    return { url: `/api/order/${await newOrder(context)}/import`, payload: form.payload, headers: form.headers };
  },
};
