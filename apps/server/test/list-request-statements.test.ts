import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, login, type TestApp } from './helper.js';

/**
 * Issue 14, the default orders page at 16 connections: what one list request sends to the database. Each
 * statement costs a round trip and its parsing on both sides, so the work-item filter's actors (the caller's
 * delegations and the nodes their role acts on) are read once per request, not once for the rows and again
 * for the stored totals' rows.
 */
let testApp: TestApp;
let admin: string;
let recording: string[] | null = null;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  // every statement the app's database client sends (PGlite: its query; PostgreSQL: the pool's)
  const client = (testApp.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text] = args;
    const statement = typeof text === 'string' ? text : (text as { text?: string } | null)?.text;
    if (recording && statement) {
      recording.push(statement.replace(/\s+/g, ' ').trim());
    }
    return query(...args);
  };
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

async function statementsOf(url: string, query: Record<string, string>): Promise<string[]> {
  recording = [];
  try {
    const response = await inject(testApp.app, { method: 'GET', url, query, token: admin });
    expect(response.statusCode).toBe(200);
    return recording;
  } finally {
    recording = null;
  }
}

describe('a list request', () => {
  it('reads the caller’s delegations and role nodes once for My tasks and My scope with totals', async () => {
    for (const url of ['/api/orders', '/api/attachements']) {
      for (const filter of ['haveToDo', 'canDo']) {
        const statements = await statementsOf(url, { filter, page: '0', size: '50', sort: 'id,asc', summary: 'true' });
        const delegations = statements.filter((statement) => /from "delegations"/i.test(statement));
        const roleNodes = statements.filter((statement) => /JOIN role_workflow_transitions rwt/i.test(statement));
        expect(delegations, `${url} ${filter}`).toHaveLength(1);
        expect(roleNodes, `${url} ${filter}`).toHaveLength(1);
      }
    }
  });

  it('reads them again at the next request', async () => {
    const query = { filter: 'haveToDo', page: '0', size: '50', sort: 'id,asc' };
    const first = await statementsOf('/api/orders', query);
    const second = await statementsOf('/api/orders', query);
    for (const statements of [first, second]) {
      expect(statements.filter((statement) => /from "delegations"/i.test(statement))).toHaveLength(1);
    }
  });
});
