import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { agencies, paymentTerms, paymentTypes, projects } from '../src/db/schema/index.js';
import { inject, uniqueName } from './helper.js';

/** A valid market creation payload on the first demo agency and project (overrides win). */
export async function marketPayload(db: Database, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const first = async (table: typeof agencies | typeof projects | typeof paymentTypes | typeof paymentTerms) => {
    const [row] = await db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1);
    return row?.id ?? 0;
  };
  return {
    edifice: uniqueName('MARCHE'),
    agency: await first(agencies),
    project: await first(projects),
    maxAmountDC4: '100000.00',
    paymentType: await first(paymentTypes),
    paymentTerm: await first(paymentTerms),
    tva: 'basic',
    depositType: 'basic',
    rgRate: '5',
    threshold: null,
    toEvaluate: false,
    ...overrides,
  };
}

/** Creates a market through the API as the bearer of `token`; returns its id. */
export async function createMarket(
  app: FastifyInstance,
  db: Database,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await inject(app, {
    method: 'POST',
    url: '/api/market/create',
    token,
    payload: await marketPayload(db, overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json<{ id: number }>().id);
}
