import { afterAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../src/platform/access.js';
import { createTestApp, inject, login } from './helper.js';
import { type ExampleContext, exampleRequest, needsNoExample, ROUTE_EXAMPLES } from './route-examples.js';

// Malformed input on every route of the route table, as an administrator (past every right check): the
// answer may be any 2xx, 4xx — never a 5xx, and never a database message.
const testApp = await createTestApp();
const admin = await login(testApp.app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

const LONG = 'x'.repeat(300);

/** Values a path parameter must refuse (or not find) without failing. */
const BAD_IDS = ['99999999999999999999', 'constructor', '__proto__', '-1', '1e400', '%00', LONG];

/** Values put in turn into each field of a valid body or query. */
const BAD_VALUES: unknown[] = [
  'a\u0000b',
  '2026-02-30',
  '99999999999999999999',
  'constructor',
  LONG.repeat(20),
  -1,
  1e308,
  { __proto__: null, constructor: 'x' },
  ['a\u0000'],
  null,
  true,
];

/** Query strings of the list routes: sort and filter keys that are no own column, NUL and impossible dates. */
const BAD_QUERIES: Record<string, string>[] = [
  { sort: 'constructor,asc' },
  { sort: '__proto__,desc' },
  { sort: 'toString' },
  { constructor: 'x', __proto__: 'y', hasOwnProperty: 'z' },
  { search: 'a\u0000b' },
  { page: '99999999999999999999', size: '-5' },
  { date: '2026-02-30', startDate: '2026-13-01', endDate: '0000-00-00' },
];

const DATABASE_TEXT =
  /(select|insert|update|delete)\s.+\s(from|into|set)\s|violates|syntax error|relation "|column "|stack size/i;

function hasExample(route: DeclaredRoute): boolean {
  return needsNoExample(route.method, route.url) || ROUTE_EXAMPLES[`${route.method} ${route.url}`] !== undefined;
}

const routes = testApp.app.declaredRoutes.filter((route) => !route.url.startsWith('/api/docs'));

async function send(
  method: string,
  url: string,
  payload?: unknown,
  query?: Record<string, string>,
  headers?: Record<string, string>,
) {
  const response = await inject(testApp.app, {
    method: method as 'GET',
    url,
    token: admin,
    query,
    headers,
    payload: payload as string,
  });
  const label = `${method} ${url} ${JSON.stringify(query ?? {})} ${JSON.stringify(payload)?.slice(0, 200)}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.body, label).not.toMatch(DATABASE_TEXT);
  return response;
}

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
  if (route.url.includes(':')) {
    it('refuses malformed path parameters without a 5xx', async () => {
      for (const bad of BAD_IDS) {
        const url = route.url.replace(/:\w+/g, encodeURIComponent(bad));
        await send(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : { value: bad });
      }
    });
  }

  if (hasExample(route) && route.method !== 'DELETE') {
    it('refuses malformed values in each field of a valid request without a 5xx', async () => {
      const context: ExampleContext = { app: testApp.app, db: testApp.db, admin, caller: null };
      const request = await exampleRequest(route.method, route.url, context);
      for (const query of route.method === 'GET' || route.url.endsWith('/csv') ? BAD_QUERIES : []) {
        await send(
          route.method,
          request.url,
          route.method === 'GET' ? undefined : { ...query },
          route.method === 'GET' ? { ...request.query, ...query } : request.query,
        );
      }
      const payload = request.payload;
      if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload) && !('pipe' in payload)) {
        const fields = Array.isArray(payload) ? [] : Object.keys(payload);
        for (const [index, field] of fields.entries()) {
          for (const bad of [BAD_VALUES[index % BAD_VALUES.length], 'a\u0000b', '2026-02-30']) {
            await send(route.method, request.url, { ...(payload as Record<string, unknown>), [field]: bad }, request.query);
          }
        }
        await send(
          route.method,
          request.url,
          Array.isArray(payload) ? [{ id: 'constructor' }, 'a\u0000'] : [payload],
          request.query,
        );
      }
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        // a multipart form: the same form with its text parts poisoned
        const text = Buffer.isBuffer(payload) ? payload.toString('latin1') : payload;
        const poisoned = text.replace(
          /(name="(?:entity|type|id|comment|subject|project)"\r\n\r\n)[^\r]*/g,
          `$1constructor\u0000${LONG}`,
        );
        await send(route.method, request.url, Buffer.from(poisoned, 'latin1'), request.query, request.headers);
      }
    });
  }
});
