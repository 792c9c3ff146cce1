import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { contractPayload, createContract, createEnvelope, uploadToEnvelope } from './contracts-fixtures.js';
import { inject } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

const newContract = (context: ExampleContext) => createContract(context.app, context.db, context.admin);
const newEnvelope = (context: ExampleContext) => createEnvelope(context.app, context.db, context.admin);

/** Example requests of the contract and envelope routes (test/route-examples.ts). */
export const CONTRACT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/contract': async (context) => ({ url: '/api/contract', payload: await contractPayload(context.db) }),
  'GET /api/contract/:id': async (context) => ({ url: `/api/contract/${await newContract(context)}` }),
  'PUT /api/contract/:id': async (context) => ({
    url: `/api/contract/${await newContract(context)}`,
    payload: { ...(await contractPayload(context.db)), version: 1 },
  }),
  'DELETE /api/contract/:id': async (context) => ({ url: `/api/contract/${await newContract(context)}` }),
  'GET /api/contract/:id/childs': async (context) => ({ url: `/api/contract/${await newContract(context)}/childs` }),
  'GET /api/contract/:id/parents': async (context) => ({ url: `/api/contract/${await newContract(context)}/parents` }),
  'GET /api/contract/:id/markets': async (context) => ({ url: `/api/contract/${await newContract(context)}/markets` }),
  'GET /api/contract/:id/envelopes': async (context) => ({ url: `/api/contract/${await newContract(context)}/envelopes` }),
  'POST /api/envelope': async (context) => ({
    url: '/api/envelope',
    payload: { name: 'Enveloppe exemple', contractId: await newContract(context) },
  }),
  'GET /api/envelope/:id': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}` }),
  'PUT /api/envelope/:id': async (context) => ({
    url: `/api/envelope/${await newEnvelope(context)}`,
    payload: { name: 'Enveloppe renommée', version: 1 },
  }),
  'DELETE /api/envelope/:id': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}` }),
  'GET /api/envelope/:id/validators': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}/validators` }),
  'POST /api/envelope/validation/': async (context) => {
    const envelopeId = await newEnvelope(context);
    const upload = await uploadToEnvelope(context.app, context.db, context.admin, envelopeId);
    expect(upload.statusCode, upload.body).toBe(200);
    const roles = await inject(context.app, { method: 'GET', url: '/api/role/envelope-validator', token: context.admin });
    // one user for each of the first two validator roles (the send needs at least two)
    const users = roles
      .json<{ users: { id: number }[] }[]>()
      .flatMap((role) => role.users.slice(0, 1).map((user) => user.id))
      .slice(0, 2);
    if (context.caller) {
      // the send fires the hidden transition: the caller's role must hold it (the role editor's Workflow tab)
      await context.db.execute(sql`INSERT INTO role_workflow_transitions (role_id, transition_id)
        SELECT u.role_id, t.id FROM users u, workflow_transitions t
        WHERE u.id = ${context.caller.userId} AND t.code = 'env_submit_to_validation' ON CONFLICT DO NOTHING`);
    }
    return { url: '/api/envelope/validation/', payload: { envId: envelopeId, users } };
  },
};
