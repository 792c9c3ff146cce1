import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLists } from '../src/platform/list-engine.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';

/**
 * Issue 14, the default orders page at 16 connections: what one list request sends to the database. A count
 * and totals summed ahead are read by one statement, without waiting for a totals slot nor the transaction
 * that sets a timeout for the totals summed from the rows.
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
  // a transaction of its own (PGlite: `transaction`; PostgreSQL: a connection taken from the pool without a
  // callback, as drizzle's transaction takes it, where the pool's own `query` passes one)
  const opening = 'transaction' in client ? 'transaction' : 'connect';
  const open = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[opening]?.bind(client);
  (client as unknown as Record<string, unknown>)[opening] = (...args: unknown[]) => {
    if (opening === 'transaction' || args.length === 0) {
      recording?.push('TRANSACTION');
    }
    return open?.(...args);
  };
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

/** `-<year>-` of the first demo order's reference (`<edifice>-<year>-<sequence>`): a piece many references hold. */
async function yearPiece(): Promise<string> {
  const [first] = await rowsOf<{ reference: string }>(testApp.db, sql`SELECT reference FROM orders ORDER BY id LIMIT 1`);
  return (first?.reference ?? '').slice(-11, -5);
}

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
  it('reads the count and totals summed ahead in one statement without a transaction, the caller’s workflow rights once, and filtered totals with their timeout', async () => {
    const query = { page: '0', size: '50', sort: 'id,asc', summary: 'true' };
    for (const filter of ['all', 'haveToDo', 'canDo']) {
      const statements = await statementsOf('/api/orders', { ...query, filter });
      expect(statements, filter).not.toContain('TRANSACTION');
      expect(
        statements.filter((statement) => /order_node_(summaries|rollups)/.test(statement)),
        filter,
      ).toHaveLength(1);
    }
    // My scope and My tasks read the caller's delegations and role nodes once, for the rows and the summary,
    for (const path of ['/api/orders', '/api/attachements']) {
      for (const filter of ['haveToDo', 'canDo']) {
        const statements = await statementsOf(path, { ...query, filter });
        const reading = statements.filter((statement) => /from "delegations"|role_workflow_transitions/i.test(statement));
        // one statement reads both who delegated to the caller and what the caller's role may fire
        expect(reading, `${path} ${filter}`).toHaveLength(1);
        expect(reading[0], `${path} ${filter}`).toMatch(/from "delegations".*role_workflow_transitions/is);
      }
    }
    const filtered = await statementsOf('/api/orders', { ...query, filter: 'all', filters: '{"reference":"2"}' });
    expect(filtered.filter((statement) => statement === 'TRANSACTION')).toHaveLength(1);
  });

  it('reads a reference contains of 5 characters or more by its search grams: the count, and the page when the count is under its cap', async () => {
    const query = { page: '0', size: '50', sort: 'id,asc', filter: 'all' };
    const year = await yearPiece();
    for (const path of ['/api/orders', '/api/attachements']) {
      const name = path === '/api/orders' ? 'reference' : 'orderReference';
      // the demo's orders of a year: far fewer than the cap
      const few = await statementsOf(path, { ...query, filters: JSON.stringify({ [name]: year }) });
      const byGrams = few.filter((statement) => statement.includes('search_grams('));
      expect(byGrams, path).toHaveLength(2);
      expect(byGrams[0], path).toMatch(/^SELECT count\(\*\)/);
      expect(byGrams[1], path).toMatch(/ORDER BY .* LIMIT/);
      // the page waits for the count that decides it
      expect(few.indexOf(byGrams[0] ?? ''), path).toBeLessThan(few.indexOf(byGrams[1] ?? ''));
      // a value shorter than a gram: the trigram index, page and count together
      const short = await statementsOf(path, { ...query, filters: JSON.stringify({ [name]: 'bm-' }) });
      expect(
        short.filter((statement) => statement.includes('search_grams(')),
        path,
      ).toEqual([]);
    }
  });

  it('reads the page by the list order when the count reaches its cap', async () => {
    const year = await yearPiece();
    const [matching] = await rowsOf<{ n: number }>(
      testApp.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE reference LIKE ${`%${year}%`}`,
    );
    expect(matching?.n).toBeGreaterThan(2);
    // a count capped at 2 rows, for pages of one row
    configureLists(testApp.db, { countCap: 2 });
    try {
      const statements = await statementsOf('/api/orders', {
        page: '0',
        size: '1',
        sort: 'id,asc',
        filter: 'all',
        filters: JSON.stringify({ reference: year }),
      });
      const byGrams = statements.filter((statement) => statement.includes('search_grams('));
      expect(byGrams).toHaveLength(1);
      expect(byGrams[0]).toMatch(/^SELECT count\(\*\)/);
      expect(statements.some((statement) => /ORDER BY .* LIMIT/.test(statement) && / LIKE /.test(statement))).toBe(true);
    } finally {
      configureLists(testApp.db, undefined);
    }
  });
});
