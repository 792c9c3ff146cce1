import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access } from '../src/platform/access.js';
import { defineList, type ListDefinition } from '../src/platform/list-engine.js';
import { registerList } from '../src/platform/list-routes.js';
import { idParams, routeId } from '../src/platform/route-helpers.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';

type Reply = { content: { id: number; amount: string }[]; totalElements: number; summary?: Record<string, string> };

let testApp: TestApp;
let app: FastifyInstance;
let admin: string;

/**
 * Twenty rows in four groups (`(id % 4) + 1`), whose count and totals are also stored per group (unless
 * narrowed to a group by `where`). The stored amounts are not the rows' sums on purpose: a reply shows which
 * of the two it was read from.
 */
function groupedList(where?: SQL): ListDefinition {
  return defineList({
    name: 'test-groups',
    from: sql`generate_series(1, 20) AS g(id)`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`g.id`, kind: 'id', label: 'ID' },
      amount: { sql: sql`g.id::numeric(12, 2)`, kind: 'money', label: 'Montant', summable: true },
    },
    defaultSort: { column: 'id', direction: 'asc' },
    // a list with a `where` of its own brings its own summary, or none
    ...(where
      ? { where }
      : {
          stored: {
            from: sql`(VALUES (1, 5, 1000.00), (2, 5, 2000.00), (3, 5, 3000.00), (4, 5, 4000.00)) AS ss(grp, rows, amount)`,
            count: sql`ss.rows`,
            columns: { amount: sql`ss.amount` },
            where: () => sql`TRUE`,
          },
        }),
  });
}

/** The group of the route's `:id`, read from the database as a record's would be. */
async function groupOf(request: Parameters<typeof routeId>[0]): Promise<SQL> {
  const [row] = await rowsOf<{ grp: number }>(testApp.db, sql`SELECT ${routeId(request)}::int AS grp`);
  return sql`(g.id % 4) + 1 = ${row?.grp}`;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  const read = access.right('user', 'read');
  app = await testApp.variant({}, (unready) => {
    registerList(unready, testApp.db, {
      path: '/api/test-groups/:id/summed',
      access: read,
      params: idParams,
      definition: groupedList(),
      where: groupOf,
      storedWhere: (request) => sql`ss.grp = ${routeId(request)}`,
    });
    registerList(unready, testApp.db, {
      path: '/api/test-groups/:id/counted',
      access: read,
      params: idParams,
      definition: groupedList(),
      where: groupOf,
    });
    registerList(unready, testApp.db, {
      path: '/api/test-groups-chosen',
      access: read,
      querystring: z.looseObject({ group: z.coerce.number().int().min(1, 'Groupe inconnu.').max(4, 'Groupe inconnu.') }),
      criteria: ({ group, ...wire }) => ({ definition: groupedList(sql`(g.id % 4) + 1 = ${Number(group)}`), wire }),
    });
  });
});

afterAll(async () => {
  await testApp.close();
});

async function get(url: string): Promise<Reply> {
  const response = await inject(app, { method: 'GET', url, token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Reply>();
}

describe('registerList: the rows of one record', () => {
  it('narrows to a condition read from the database first, and totals from the summary with storedWhere', async () => {
    const summed = await get('/api/test-groups/2/summed?summary=true&size=2');
    expect(summed).toEqual({
      content: [
        { id: 1, amount: '1.00' },
        { id: 5, amount: '5.00' },
      ],
      totalElements: 5,
      summary: { amount: '2000.00' },
    });
  });

  it('counts and totals the narrowed rows themselves without storedWhere, and with a column filter', async () => {
    const counted = await get('/api/test-groups/2/counted?summary=true&size=2');
    expect(counted.totalElements).toBe(5);
    expect(counted.summary).toEqual({ amount: '45.00' });
    const filtered = await get(`/api/test-groups/2/summed?summary=true&filters=${encodeURIComponent('{"id":"5,9"}')}`);
    expect(filtered).toEqual({
      content: [
        { id: 5, amount: '5.00' },
        { id: 9, amount: '9.00' },
      ],
      totalElements: 2,
      summary: { amount: '14.00' },
    });
  });

  it('answers 400 for a malformed :id before the list runs', async () => {
    const response = await inject(app, { method: 'GET', url: '/api/test-groups/abc/summed', token: admin });
    expect(response.statusCode).toBe(400);
  });
});

describe('registerList: a list chosen per request', () => {
  it('runs the list its criteria build, without a definition of its own', async () => {
    const chosen = await get('/api/test-groups-chosen?group=3&size=2&sort=id,desc&summary=true');
    expect(chosen.content.map((row) => row.id)).toEqual([18, 14]);
    expect(chosen.totalElements).toBe(5);
    expect(chosen.summary).toEqual({ amount: '50.00' });
  });

  it('answers 400 with the query string schema message for a bad screen parameter', async () => {
    const response = await inject(app, { method: 'GET', url: '/api/test-groups-chosen?group=9', token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Groupe inconnu.');
  });
});
