import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, login } from './helper.js';
import { type ExampleContext, exampleRequest, ROUTE_EXAMPLES } from './route-examples.js';

// Every date a route takes is checked by the schema (one calendar-date rule in @isf/contract): an
// impossible day in any date field of a valid request answers 400 naming that field, before the database.
const testApp = await createTestApp();
const admin = await login(testApp.app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The paths (a.b.0.c) of the fields of `value` that hold a YYYY-MM-DD day. */
function datePaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === 'string') {
    return DAY.test(value) ? [prefix] : [];
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !('pipe' in value)) {
    return Object.entries(value).flatMap(([key, inner]) => datePaths(inner, [...prefix, key]));
  }
  return [];
}

function withValue(value: unknown, path: string[], replacement: string): unknown {
  if (path.length === 0) {
    return replacement;
  }
  const [head = '', ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (String(index) === head ? withValue(item, rest, replacement) : item));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withValue(record[head], rest, replacement) };
}

const writes = testApp.app.declaredRoutes.filter(
  (route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && ROUTE_EXAMPLES[`${route.method} ${route.url}`],
);

describe('calendar dates in request bodies', () => {
  it('refuses 2026-02-30 in every date field of every route with a 400 naming the field', async () => {
    const checked: string[] = [];
    for (const route of writes) {
      const context: ExampleContext = { app: testApp.app, db: testApp.db, admin, caller: null };
      const request = await exampleRequest(route.method, route.url, context);
      for (const path of datePaths(request.payload)) {
        const response = await inject(testApp.app, {
          method: route.method as 'POST',
          url: request.url,
          token: admin,
          query: request.query,
          payload: withValue(request.payload, path, '2026-02-30') as object,
        });
        const label = `${route.method} ${route.url} ${path.join('.')}: ${response.body.slice(0, 300)}`;
        expect(response.statusCode, label).toBe(400);
        const fields = Object.keys(response.json<{ fields?: Record<string, string> }>().fields ?? {});
        expect(
          fields.some((name) => name === path.join('.') || name.endsWith(path.at(-1) ?? '')),
          label,
        ).toBe(true);
        checked.push(`${route.method} ${route.url} ${path.join('.')}`);
      }
    }
    // orders, markets, contracts, deposits, statements, warranties, workflow delegations...
    expect(checked.length, checked.join('\n')).toBeGreaterThanOrEqual(8);
  });
});
