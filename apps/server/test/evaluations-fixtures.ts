import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { agencies, companies } from '../src/db/schema/index.js';
import { inject, uniqueName } from './helper.js';

/** A new company with one agency, so that aggregates count only what the test writes. */
export async function newCompanyWithAgency(db: Database): Promise<{ companyId: number; agencyId: number }> {
  const [company] = await db
    .insert(companies)
    .values({ edifice: uniqueName('ED'), name: uniqueName('Entreprise évaluée') })
    .returning({ id: companies.id });
  const companyId = company?.id ?? 0;
  const [agency] = await db
    .insert(agencies)
    .values({ companyId, name: uniqueName('Agence évaluée') })
    .returning({ id: agencies.id });
  return { companyId, agencyId: agency?.id ?? 0 };
}

/** Creates a safety or procurement evaluation through the API; returns its id. */
export async function createEvaluation(
  app: FastifyInstance,
  token: string,
  kind: 'safety' | 'procurement',
  agencyId: number,
  payload: Record<string, unknown>,
): Promise<number> {
  const response = await inject(app, { method: 'POST', url: `/api/evaluation/${kind}/${agencyId}`, token, payload });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json<{ id: number }>().id);
}
