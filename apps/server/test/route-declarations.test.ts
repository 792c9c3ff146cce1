import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule, DeclaredRoute } from '../src/platform/access.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function describeRule(rule: AccessRule | undefined): string {
  if (!rule) {
    return 'UNDECLARED';
  }
  switch (rule.kind) {
    case 'public':
    case 'authenticated':
      return rule.kind;
    case 'right':
      return `right ${rule.entity}.${rule.action}${rule.anyOption ? ` + option ${rule.anyOption.join(' | ')}` : ''}`;
    case 'anyRight':
      return `any right ${rule.entities.join(' | ')}.${rule.action}`;
    case 'option':
      return `option ${rule.option}`;
  }
}

function routeKey(route: DeclaredRoute): string {
  return `${route.method} ${route.url}`;
}

describe('route declarations', () => {
  it('finds an access declaration on every /api route', () => {
    const routes = testApp.app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !route.access).map(routeKey)).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = testApp.app.declaredRoutes.map(routeKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('keeps public only the login, the version, the API documentation and the e-signature webhook', () => {
    const publicRoutes = testApp.app.declaredRoutes
      .filter((route) => route.access?.kind === 'public' && !route.url.startsWith('/api/docs'))
      .map(routeKey);
    // the webhook has no session: the provider's HMAC-SHA256 signature of its body authenticates it
    expect(publicRoutes.sort()).toEqual(['GET /api/version', 'POST /api/login', 'POST /api/signature/webhook']);
  });

  // A diff in this snapshot changes who can reach an endpoint: review it as a permission change.
  it('matches the committed table of who can reach each endpoint', async () => {
    const table = Object.fromEntries(
      testApp.app.declaredRoutes
        .map((route) => [routeKey(route), describeRule(route.access)] as const)
        .sort(([left], [right]) => left.localeCompare(right)),
    );
    await expect(`${JSON.stringify(table, null, 2)}\n`).toMatchFileSnapshot('./route-permissions.snapshot.json');
  });

  it('records a route without a declaration, and refuses it at run time with 403', async () => {
    const app = await testApp.variant({}, (unprepared) => {
      unprepared.get('/api/undeclared-for-test', async () => ({ reached: true }));
    });
    const undeclared = app.declaredRoutes.find((route) => route.url === '/api/undeclared-for-test');
    expect(undeclared).toEqual({ method: 'GET', url: '/api/undeclared-for-test', access: undefined });
    const response = await inject(app, {
      method: 'GET',
      url: '/api/undeclared-for-test',
      token: await login(app, 'admin', 'admin'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('reached');
  });
});
