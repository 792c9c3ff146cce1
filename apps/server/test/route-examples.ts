import { randomInt } from 'node:crypto';
import { RESOURCE_LIST, type ResourceDefinition, withSiretKey } from '@isf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { SIRENE_FIXTURES } from '../src/integrations/company-registry/sirene-fixtures.js';
import { REFERENCE_TABLES } from '../src/modules/reference/index.js';
import { hashPassword } from '../src/platform/passwords.js';
import { ATTACHMENT_SCREEN_ROUTE_EXAMPLES } from './attachment-screens-route-examples.js';
import { ATTACHMENT_ROUTE_EXAMPLES } from './attachments-route-examples.js';
import { CONTRACT_ROUTE_EXAMPLES } from './contracts-route-examples.js';
import { DEPOSIT_ROUTE_EXAMPLES } from './deposits-route-examples.js';
import { ERP_PROJECT_ROUTE_EXAMPLES } from './erp-projects-route-examples.js';
import { EVALUATION_ROUTE_EXAMPLES } from './evaluations-route-examples.js';
import { inject, uniqueName } from './helper.js';
import { MARKET_ROUTE_EXAMPLES } from './markets-route-examples.js';
import { MONTHLY_STATEMENT_ROUTE_EXAMPLES } from './monthly-statements-route-examples.js';
import { multipart } from './multipart.js';
import { NOTIFICATION_ROUTE_EXAMPLES } from './notifications-route-examples.js';
import { ORACLE_CONFIGURATION_ROUTE_EXAMPLES } from './oracle-configurations-route-examples.js';
import { ORACLE_EXCHANGE_ROUTE_EXAMPLES } from './oracle-exchange-route-examples.js';
import { ORDER_ROUTE_EXAMPLES } from './orders-route-examples.js';
import { POPUP_ROUTE_EXAMPLES } from './popups-route-examples.js';
import { PRICE_SCHEDULE_ROUTE_EXAMPLES } from './price-schedules-route-examples.js';
import { WORKFLOW_ROUTE_EXAMPLES } from './workflow-route-examples.js';

/** What an example may use: the app, its database, an administrator's token and the caller's identity. */
export type ExampleContext = {
  app: FastifyInstance;
  db: Database;
  admin: string;
  caller: { uid: string; userId: number } | null;
};

/** A valid request for a route: the path with real ids, and the body it needs. */
export type ExampleRequest = {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export type RouteExample = (context: ExampleContext) => Promise<ExampleRequest>;

async function asAdmin(context: ExampleContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await inject(context.app, { method, url, token: context.admin, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<Record<string, unknown>>();
}

async function created(context: ExampleContext, url: string, payload: object): Promise<number> {
  return Number((await asAdmin(context, 'POST', url, payload)).id);
}

/** A SIRET the registry simulator does not know (the fixtures' SIREN range is avoided). */
function freshSiret(): string {
  return withSiretKey(`9${String(randomInt(0, 999_999_999_999)).padStart(12, '0')}`);
}

const newCompany = (context: ExampleContext) =>
  created(context, '/api/company/create', { edifice: uniqueName('ED'), name: uniqueName('Entreprise') });

async function newAgency(context: ExampleContext): Promise<number> {
  return created(context, '/api/agency/create', { companyId: await newCompany(context), siret: freshSiret(), name: 'Agence' });
}

const newProject = (context: ExampleContext) =>
  created(context, '/api/project', { name: 'Projet exemple', code: uniqueName('PRJ') });

async function newImputation(context: ExampleContext): Promise<number> {
  const projectId = await newProject(context);
  return created(context, '/api/imputation/create', { projectId, eotp: uniqueName('EOTP-LONGER-THAN-THE-CODE') });
}

const newRole = (context: ExampleContext) =>
  created(context, '/api/role', { name: uniqueName('Rôle'), description: 'Exemple', visibility: 1 });

async function newUser(context: ExampleContext): Promise<number> {
  return created(context, '/api/user/create', { cn: uniqueName('exemple'), role: await newRole(context), engagement: '0' });
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

function documentForm(projectId: number) {
  return multipart([
    { name: 'type', value: '1' },
    { name: 'entity', value: 'project' },
    { name: 'id', value: String(projectId) },
    { name: 'comment', value: 'Exemple' },
    { name: 'file', fileName: 'exemple.pdf', content: PDF, contentType: 'application/pdf' },
  ]);
}

async function newDocument(context: ExampleContext): Promise<number> {
  const form = documentForm(await newProject(context));
  const response = await inject(context.app, {
    method: 'POST',
    url: '/api/document',
    token: context.admin,
    payload: form.payload,
    headers: form.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json<{ id: number }>().id);
}

/** A reference row written straight to its table (ERP lists have no create route). */
async function newReferenceRow(context: ExampleContext, definition: ResourceDefinition): Promise<number> {
  const { table } = REFERENCE_TABLES[definition.key];
  const values = Object.fromEntries(definition.fields.map((field) => [field.name, uniqueName(field.name).slice(0, 60)]));
  const [row] = await context.db.insert(table).values(values).returning({ id: table.id });
  return Number(row?.id);
}

function fieldValues(definition: ResourceDefinition, which: 'inCreate' | 'editable') {
  return Object.fromEntries(
    definition.fields.filter((field) => field[which]).map((field) => [field.name, uniqueName(field.name).slice(0, 60)]),
  );
}

/** The generated routes of every reference resource (spec 3 simple lists). */
function referenceExamples(): Record<string, RouteExample> {
  const examples: Record<string, RouteExample> = {};
  for (const definition of RESOURCE_LIST) {
    const item = `/api${definition.api.item}`;
    examples[`GET ${item}/:id`] = async (context) => ({ url: `${item}/${await newReferenceRow(context, definition)}` });
    examples[`PUT ${item}/:id`] = async (context) => ({
      url: `${item}/${await newReferenceRow(context, definition)}`,
      payload: { ...fieldValues(definition, 'editable'), version: 1 },
    });
    if (definition.deletable) {
      examples[`DELETE ${item}/:id`] = async (context) => ({ url: `${item}/${await newReferenceRow(context, definition)}` });
    }
    if (definition.api.create) {
      const url = `/api${definition.api.create}`;
      examples[`POST ${url}`] = async () => ({ url, payload: fieldValues(definition, 'inCreate') });
    }
  }
  return examples;
}

/**
 * One valid request per route that is not a plain list (a GET without parameters) or a CSV export
 * (a POST to .../csv without parameters): those need nothing. A new route without an example here fails
 * the authorization matrix.
 */
export const ROUTE_EXAMPLES: Record<string, RouteExample> = {
  ...referenceExamples(),
  ...PRICE_SCHEDULE_ROUTE_EXAMPLES,
  ...ERP_PROJECT_ROUTE_EXAMPLES,
  ...ORACLE_CONFIGURATION_ROUTE_EXAMPLES,
  ...POPUP_ROUTE_EXAMPLES,
  ...NOTIFICATION_ROUTE_EXAMPLES,
  ...WORKFLOW_ROUTE_EXAMPLES,
  ...MARKET_ROUTE_EXAMPLES,
  ...ORDER_ROUTE_EXAMPLES,
  ...ATTACHMENT_ROUTE_EXAMPLES,
  ...DEPOSIT_ROUTE_EXAMPLES,
  ...MONTHLY_STATEMENT_ROUTE_EXAMPLES,
  ...ATTACHMENT_SCREEN_ROUTE_EXAMPLES,
  ...EVALUATION_ROUTE_EXAMPLES,
  ...CONTRACT_ROUTE_EXAMPLES,
  ...ORACLE_EXCHANGE_ROUTE_EXAMPLES,

  'POST /api/user/password': async (context) => {
    if (context.caller) {
      const passwordHash = await hashPassword('mot de passe actuel');
      await context.db.update(users).set({ passwordHash }).where(eq(users.id, context.caller.userId));
    }
    return {
      url: '/api/user/password',
      payload: { currentPassword: 'mot de passe actuel', newPassword: uniqueName('phrase de passe') },
    };
  },

  'POST /api/user/change-profile': async (context) => ({
    url: '/api/user/change-profile',
    payload: { username: context.caller?.uid ?? 'admin' },
  }),

  'POST /api/help/submit': async () => {
    const form = multipart([
      { name: 'subject', value: 'Exemple' },
      { name: 'project', value: '1' },
      { name: 'problem_description', value: 'Description' },
    ]);
    return { url: '/api/help/submit', payload: form.payload, headers: form.headers };
  },

  'POST /api/company/create': async () => ({
    url: '/api/company/create',
    payload: { edifice: uniqueName('ED'), name: uniqueName('Entreprise') },
  }),
  'GET /api/company/:id': async (context) => ({ url: `/api/company/${await newCompany(context)}` }),
  'PUT /api/company/:id': async (context) => {
    const id = await newCompany(context);
    return { url: `/api/company/${id}`, payload: await asAdmin(context, 'GET', `/api/company/${id}`) };
  },
  'DELETE /api/company/:id/delete': async (context) => ({ url: `/api/company/${await newCompany(context)}/delete` }),
  'GET /api/company/:id/agencies': async (context) => ({ url: `/api/company/${await newCompany(context)}/agencies` }),
  'DELETE /api/company/:id/agency/:agencyId/delete': async (context) => {
    const agencyId = await newAgency(context);
    const agency = await asAdmin(context, 'GET', `/api/agency/${agencyId}`);
    return { url: `/api/company/${agency.companyId}/agency/${agencyId}/delete` };
  },

  'GET /api/agency/lookup/:siret': async () => ({ url: `/api/agency/lookup/${SIRENE_FIXTURES[0]?.siret}` }),
  'POST /api/agency/create': async (context) => ({
    url: '/api/agency/create',
    payload: { companyId: await newCompany(context), siret: freshSiret(), name: 'Agence' },
  }),
  'GET /api/agency/:id': async (context) => ({ url: `/api/agency/${await newAgency(context)}` }),
  'PUT /api/agency/:id': async (context) => {
    const id = await newAgency(context);
    return { url: `/api/agency/${id}`, payload: await asAdmin(context, 'GET', `/api/agency/${id}`) };
  },
  'DELETE /api/agency/:id/delete': async (context) => ({ url: `/api/agency/${await newAgency(context)}/delete` }),
  'GET /api/agency/:id/legal': async (context) => ({ url: `/api/agency/${await newAgency(context)}/legal` }),
  'GET /api/agency/:id/users': async (context) => ({ url: `/api/agency/${await newAgency(context)}/users` }),
  'POST /api/user/:id/agency/:agencyId': async (context) => ({
    url: `/api/user/${await newUser(context)}/agency/${await newAgency(context)}`,
  }),
  'DELETE /api/user/:id/agency/:agencyId': async (context) => {
    const url = `/api/user/${await newUser(context)}/agency/${await newAgency(context)}`;
    await asAdmin(context, 'POST', url);
    return { url };
  },

  'POST /api/project': async () => ({ url: '/api/project', payload: { name: 'Projet exemple', code: uniqueName('PRJ') } }),
  'GET /api/project/:id': async (context) => ({ url: `/api/project/${await newProject(context)}` }),
  'PUT /api/project/:id': async (context) => {
    const id = await newProject(context);
    return { url: `/api/project/${id}`, payload: await asAdmin(context, 'GET', `/api/project/${id}`) };
  },
  'DELETE /api/project/:id/delete': async (context) => ({ url: `/api/project/${await newProject(context)}/delete` }),
  'GET /api/project/:id/users': async (context) => ({ url: `/api/project/${await newProject(context)}/users` }),
  'POST /api/project/:id/users/csv': async (context) => ({
    url: `/api/project/${await newProject(context)}/users/csv`,
    payload: {},
  }),
  'POST /api/project/:id/user/:userId': async (context) => ({
    url: `/api/project/${await newProject(context)}/user/${await newUser(context)}`,
  }),
  'DELETE /api/project/:id/user/:userId': async (context) => {
    const url = `/api/project/${await newProject(context)}/user/${await newUser(context)}`;
    await asAdmin(context, 'POST', url);
    return { url };
  },
  'GET /api/project/:id/imputations': async (context) => ({ url: `/api/project/${await newProject(context)}/imputations` }),

  'POST /api/imputation/create': async (context) => ({
    url: '/api/imputation/create',
    payload: { projectId: await newProject(context), eotp: uniqueName('EOTP-LONGER-THAN-THE-CODE') },
  }),
  'GET /api/imputation/:id': async (context) => ({ url: `/api/imputation/${await newImputation(context)}` }),
  'PUT /api/imputation/:id': async (context) => {
    const id = await newImputation(context);
    return { url: `/api/imputation/${id}`, payload: await asAdmin(context, 'GET', `/api/imputation/${id}`) };
  },
  'PUT /api/imputations': async (context) => {
    const id = await newImputation(context);
    return { url: '/api/imputations', payload: [{ ...(await asAdmin(context, 'GET', `/api/imputation/${id}`)), id }] };
  },
  'DELETE /api/imputation/:id/delete': async (context) => ({ url: `/api/imputation/${await newImputation(context)}/delete` }),

  'POST /api/role': async () => ({
    url: '/api/role',
    payload: { name: uniqueName('Rôle'), description: 'Exemple', visibility: 1 },
  }),
  'GET /api/role/:id': async (context) => ({ url: `/api/role/${await newRole(context)}` }),
  'PUT /api/role/:id': async (context) => {
    const id = await newRole(context);
    return { url: `/api/role/${id}`, payload: await asAdmin(context, 'GET', `/api/role/${id}`) };
  },
  'DELETE /api/role/:id': async (context) => ({ url: `/api/role/${await newRole(context)}` }),
  'GET /api/users/role/:roleId': async (context) => ({ url: `/api/users/role/${await newRole(context)}` }),

  'POST /api/user/create': async (context) => ({
    url: '/api/user/create',
    payload: { cn: uniqueName('exemple'), role: await newRole(context), engagement: '0' },
  }),
  'GET /api/user/:id': async (context) => ({ url: `/api/user/${await newUser(context)}` }),
  'PUT /api/user/:id': async (context) => {
    const id = await newUser(context);
    const user = await asAdmin(context, 'GET', `/api/user/${id}`);
    return {
      url: `/api/user/${id}`,
      payload: {
        name: 'Nom modifié',
        mail: 'exemple@test.example',
        role: (user.role as { id: number }).id,
        engagement: '10',
        version: user.version,
      },
    };
  },
  'DELETE /api/user/:id/delete': async (context) => ({ url: `/api/user/${await newUser(context)}/delete` }),
  'POST /api/user/:id/reactivate': async (context) => {
    const id = await newUser(context);
    await asAdmin(context, 'DELETE', `/api/user/${id}/delete`);
    return { url: `/api/user/${id}/reactivate` };
  },
  'POST /api/user/:id/profile/:roleId': async (context) => ({
    url: `/api/user/${await newUser(context)}/profile/${await newRole(context)}`,
  }),
  'POST /api/user/:id/perimeter/:otherId': async (context) => ({
    url: `/api/user/${await newUser(context)}/perimeter/${await newUser(context)}`,
  }),
  'GET /api/user/:id/agencies': async (context) => ({ url: `/api/user/${await newUser(context)}/agencies` }),
  'GET /api/user/:id/projects': async (context) => ({ url: `/api/user/${await newUser(context)}/projects` }),

  'GET /api/documents': async (context) => ({
    url: '/api/documents',
    query: { entity: 'project', id: String(await newProject(context)) },
  }),
  'POST /api/document': async (context) => {
    const form = documentForm(await newProject(context));
    return { url: '/api/document', payload: form.payload, headers: form.headers };
  },
  'GET /api/document/:id': async (context) => ({ url: `/api/document/${await newDocument(context)}` }),
  'GET /api/documents/:id': async (context) => ({ url: `/api/documents/${await newDocument(context)}` }),
  'GET /api/document/:id/validators': async (context) => ({ url: `/api/document/${await newDocument(context)}/validators` }),
  'POST /api/document/:id': async (context) => ({ url: `/api/document/${await newDocument(context)}`, payload: {} }),
  'PUT /api/document/:id': async (context) => {
    const id = await newDocument(context);
    const document = await asAdmin(context, 'GET', `/api/document/${id}`);
    return { url: `/api/document/${id}`, payload: { comment: 'Commentaire modifié', version: document.version } };
  },
  'DELETE /api/document/:id': async (context) => ({ url: `/api/document/${await newDocument(context)}` }),
};

/** Lists (GET without parameters) and CSV exports (POST .../csv without parameters) need no example. */
export function needsNoExample(method: string, url: string): boolean {
  return !url.includes(':') && (method === 'GET' || (method === 'POST' && url.endsWith('/csv')));
}

export async function exampleRequest(method: string, url: string, context: ExampleContext): Promise<ExampleRequest> {
  const example = ROUTE_EXAMPLES[`${method} ${url}`];
  if (example) {
    return example(context);
  }
  if (needsNoExample(method, url)) {
    return method === 'POST' ? { url, payload: {} } : { url };
  }
  throw new Error(`No example request for ${method} ${url}: add one to test/route-examples.ts`);
}
