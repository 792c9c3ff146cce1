import { sql } from 'drizzle-orm';
import { deposits } from '../src/db/schema/index.js';
import { uniqueName } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

/** The demo deposit (on the first market, consumed by a validated attachment of its validated order). */
async function demoDeposit(context: ExampleContext): Promise<{ id: number; marketId: number; orderId: number }> {
  const result = (await context.db.execute(sql`SELECT d.id, d.market_id AS "marketId",
      (SELECT o.id FROM orders o WHERE o.market_id = d.market_id ORDER BY o.id LIMIT 1) AS "orderId"
    FROM deposits d ORDER BY d.id LIMIT 1`)) as unknown as { rows: { id: number; marketId: number; orderId: number }[] };
  return result.rows[0] ?? { id: 0, marketId: 0, orderId: 0 };
}

/** A new deposit of the demo deposit's market; returns its id (version 1). */
async function newDeposit(context: ExampleContext): Promise<number> {
  const { marketId } = await demoDeposit(context);
  const [row] = await context.db
    .insert(deposits)
    .values({ reference: uniqueName('AV'), marketId, amount: '100.00' })
    .returning({ id: deposits.id });
  return row?.id ?? 0;
}

const depositBody = () => ({ reference: uniqueName('AV'), amount: '250.00', reimbursementDate: '2027-01-31' });

/** Example requests of the deposit and order warranty routes (test/route-examples.ts). */
export const DEPOSIT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/deposit/:id/attachements': async (context) => ({
    url: `/api/deposit/${(await demoDeposit(context)).id}/attachements`,
  }),
  'PUT /api/deposit/:id': async (context) => ({
    url: `/api/deposit/${await newDeposit(context)}`,
    payload: { ...depositBody(), version: 1 },
  }),
  'GET /api/order/:id/deposits': async (context) => ({ url: `/api/order/${(await demoDeposit(context)).orderId}/deposits` }),
  'POST /api/order/:id/deposit': async (context) => ({
    url: `/api/order/${(await demoDeposit(context)).orderId}/deposit`,
    payload: depositBody(),
  }),
  'GET /api/market/:id/deposits': async (context) => ({ url: `/api/market/${(await demoDeposit(context)).marketId}/deposits` }),
  'POST /api/market/:id/deposit': async (context) => ({
    url: `/api/market/${(await demoDeposit(context)).marketId}/deposit`,
    payload: depositBody(),
  }),
  'PUT /api/orders': async (context) => ({
    url: '/api/orders',
    payload: [{ id: (await demoDeposit(context)).orderId, deliveryDate: '2026-01-15' }],
  }),
};
