import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.js';
import { createTestApp, inject, login } from './helper.js';
import { type ExampleContext, exampleRequest } from './route-examples.js';

// Concurrent edits of one record at one version: exactly one wins, the others get 409 and the stored
// row is the winner's. Runs on PGlite and, in CI's second pass (DATABASE_URL), on PostgreSQL where the
// requests really overlap.
const testApp = await createTestApp();
const admin = await login(testApp.app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

/**
 * Every table with a `version` column and how a request writes it: the PUT route(s) carrying the
 * version (tested below), or why it has none. A new versioned table fails the first test until it is
 * listed here.
 */
const VERSIONED_TABLES: Record<string, { routes: string[] } | { writtenBy: string }> = {
  agencies: { routes: ['PUT /api/agency/:id'] },
  attachment_lines: { writtenBy: 'PUT /api/attachement/:id, under the attachment version' },
  attachments: { routes: ['PUT /api/attachement/:id'] },
  bpu_templates: { routes: ['PUT /api/bputemplate/:id'] },
  bpus: { routes: ['PUT /api/bpu/:id'] },
  business_units: { routes: ['PUT /api/businessunit/:id'] },
  categories: { routes: ['PUT /api/category/:id'] },
  companies: { routes: ['PUT /api/company/:id'] },
  contracts: { routes: ['PUT /api/contract/:id'] },
  deposits: { routes: ['PUT /api/deposit/:id'] },
  document_types: { routes: ['PUT /api/documenttype/:id'] },
  documents: { routes: ['PUT /api/document/:id'] },
  envelopes: { routes: ['PUT /api/envelope/:id'] },
  imputations: { routes: ['PUT /api/imputation/:id'] },
  markets: { routes: ['PUT /api/market/:id'] },
  monthly_statements: { routes: ['PUT /api/situation/:id'] },
  oracle_configurations: { routes: ['PUT /api/oracle/configuration/:id'] },
  oracle_imputations: { writtenBy: 'the ERP imputation import and synchronisation (no edit route)' },
  oracle_projects: { writtenBy: 'the ERP synchronisation; the project link bumps its version' },
  oracle_tasks: { writtenBy: 'the ERP synchronisation' },
  oracle_rg_warranties: { writtenBy: 'the ERP RG warranty status actions (POST /api/oracle/rg-warranties/:warrantyId/...)' },
  order_lines: { writtenBy: 'PUT /api/order/:id, under the order version' },
  order_templates: { routes: ['PUT /api/orderTemplate/:id'] },
  orders: { routes: ['PUT /api/order/:id'] },
  oscar_projects: { writtenBy: 'the ERP synchronisation; the project link bumps its version' },
  oscar_subprojects: { writtenBy: 'the ERP synchronisation; the project link bumps its version' },
  payment_terms: { routes: ['PUT /api/payment_term/:id'] },
  payment_types: { routes: ['PUT /api/payment_type/:id'] },
  popups: { routes: ['PUT /api/popup-notification/:id'] },
  prestation_references: { routes: ['PUT /api/prestationreference/:id'] },
  prestation_types: { routes: ['PUT /api/prestationtype/:id'] },
  prestations: { routes: ['PUT /api/prestation/:id'] },
  project_types: { routes: ['PUT /api/projecttype/:id'] },
  projects: { routes: ['PUT /api/project/:id'] },
  roles: { routes: ['PUT /api/role/:id'] },
  units: { routes: ['PUT /api/unit/:id'] },
  users: { routes: ['PUT /api/user/:id'] },
  workflow_tokens: { writtenBy: 'the workflow moves (version in the WHERE, workflow-move.test.ts)' },
};

function versionedTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'version'))
    .map((config) => config.name)
    .sort();
}

/** The text fields a concurrent editor changes, so the stored row tells which request won. */
const MARKED_FIELDS = ['name', 'comment', 'description', 'observation', 'sapReference', 'title', 'message', 'mail'];

const UPDATE_ROUTES = Object.values(VERSIONED_TABLES).flatMap((entry) => ('routes' in entry ? entry.routes : []));

describe('optimistic locking', () => {
  it('lists every versioned table with its update routes', () => {
    expect(Object.keys(VERSIONED_TABLES).sort()).toEqual(versionedTables());
    const declared = new Set(testApp.app.declaredRoutes.map((route) => `${route.method} ${route.url}`));
    expect(UPDATE_ROUTES.filter((route) => !declared.has(route))).toEqual([]);
  });

  it.each(UPDATE_ROUTES)('%s: of ten concurrent updates at one version, one succeeds and nine get 409', async (route) => {
    const [method, url] = route.split(' ') as [string, string];
    const context: ExampleContext = { app: testApp.app, db: testApp.db, admin, caller: null };
    const request = await exampleRequest(method, url, context);
    const payload = request.payload as Record<string, unknown>;
    expect(payload.version, `${route}: the example carries the version`).toEqual(expect.any(Number));
    const marked = MARKED_FIELDS.find((field) => typeof payload[field] === 'string' && (payload[field] as string).length > 0);
    const bodies = Array.from({ length: 10 }, (_, index) =>
      marked ? { ...payload, [marked]: `${String(payload[marked]).slice(0, 40)} c${index}` } : payload,
    );
    const responses = await Promise.all(
      bodies.map((body) =>
        inject(testApp.app, { method: 'PUT', url: request.url, token: admin, payload: body, headers: request.headers }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    const winners = statuses.flatMap((status, index) => (status >= 200 && status < 300 ? [index] : []));
    expect(winners.length, `${route}: ${statuses.join(',')} ${responses.find((r) => r.statusCode !== 409)?.body}`).toBe(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json()).toMatchObject({ currentVersion: Number(payload.version) + 1 });
    }
    if (marked) {
      const winner = winners[0] ?? 0;
      const stored = await inject(testApp.app, { method: 'GET', url: request.url, token: admin });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.body).toContain(`c${winner}`);
      for (let index = 0; index < 10; index += 1) {
        if (index !== winner) {
          expect(stored.body).not.toContain(`${String(payload[marked]).slice(0, 40)} c${index}"`);
        }
      }
    }
  });
});
