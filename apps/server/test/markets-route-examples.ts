import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { agencies } from '../src/db/schema/index.js';
import { inject } from './helper.js';
import { createMarket, marketPayload } from './markets-fixtures.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

const newMarket = (context: ExampleContext) => createMarket(context.app, context.db, context.admin);

async function firstAgency(context: ExampleContext): Promise<number> {
  const [row] = await context.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(1);
  return row?.id ?? 0;
}

/** Example requests of the market routes (test/route-examples.ts). */
export const MARKET_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/market/create': async (context) => ({ url: '/api/market/create', payload: await marketPayload(context.db) }),
  'GET /api/market/:id': async (context) => ({ url: `/api/market/${await newMarket(context)}` }),
  'PUT /api/market/:id': async (context) => ({
    url: `/api/market/${await newMarket(context)}`,
    payload: { ...(await marketPayload(context.db)), version: 1 },
  }),
  'DELETE /api/market/:id/delete': async (context) => ({ url: `/api/market/${await newMarket(context)}/delete` }),
  'PUT /api/market/:id/deactivate': async (context) => ({ url: `/api/market/${await newMarket(context)}/deactivate` }),
  'PUT /api/market/:id/activate': async (context) => {
    const id = await newMarket(context);
    const response = await inject(context.app, { method: 'PUT', url: `/api/market/${id}/deactivate`, token: context.admin });
    expect(response.statusCode, response.body).toBe(200);
    return { url: `/api/market/${id}/activate` };
  },
  'GET /api/market/:id/bpus': async (context) => ({ url: `/api/market/${await newMarket(context)}/bpus` }),
  'GET /api/agency/:id/markets': async (context) => ({ url: `/api/agency/${await firstAgency(context)}/markets` }),
  'PUT /api/agency/:id/enable-all-evaluations': async (context) => ({
    url: `/api/agency/${await firstAgency(context)}/enable-all-evaluations?toEvaluate=1`,
  }),
};
