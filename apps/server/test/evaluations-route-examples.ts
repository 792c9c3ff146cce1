import { createEvaluation, newCompanyWithAgency } from './evaluations-fixtures.js';
import type { RouteExample } from './route-examples.js';

/** Example requests of the evaluation routes (test/route-examples.ts). */
export const EVALUATION_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/evaluation/company/:id': async (context) => ({
    url: `/api/evaluation/company/${(await newCompanyWithAgency(context.db)).companyId}`,
  }),
  'GET /api/evaluation/agency/:id/projects': async (context) => ({
    url: `/api/evaluation/agency/${(await newCompanyWithAgency(context.db)).agencyId}/projects`,
  }),
  'GET /api/evaluation/agency/:id': async (context) => ({
    url: `/api/evaluation/agency/${(await newCompanyWithAgency(context.db)).agencyId}`,
  }),
  'POST /api/evaluation/export': async () => ({ url: '/api/evaluation/export', payload: { start_date: '2000-01-01' } }),
  'POST /api/evaluation/safety/:id': async (context) => ({
    url: `/api/evaluation/safety/${(await newCompanyWithAgency(context.db)).agencyId}`,
    payload: { safety: 4, comment: null },
  }),
  'POST /api/evaluation/procurement/:id': async (context) => ({
    url: `/api/evaluation/procurement/${(await newCompanyWithAgency(context.db)).agencyId}`,
    payload: { rse: 4, relational: 5 },
  }),
  'DELETE /api/evaluation/:id': async (context) => {
    const { agencyId } = await newCompanyWithAgency(context.db);
    return { url: `/api/evaluation/${await createEvaluation(context.app, context.admin, 'safety', agencyId, { safety: 5 })}` };
  },
};
