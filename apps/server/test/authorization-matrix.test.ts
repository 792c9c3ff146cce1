import type { EntityCode, RightAction, RoleOption } from '@isf/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccessRule, DeclaredRoute } from '../src/platform/access.js';
import { ALL_OPTIONS, ALL_RIGHTS, type RoleSeed } from '../src/seed/access-seed.js';
import { actingAs, createTestApp, inject, login } from './helper.js';
import { type ExampleContext, exampleRequest, needsNoExample, ROUTE_EXAMPLES } from './route-examples.js';

// Generated from the routes' own declarations: a new route is covered as soon as it is registered.
const testApp = await createTestApp();
const admin = await login(testApp.app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

type Caller = { uid: string; userId: number; token: string };

function without<T>(values: readonly T[], removed: T): T[] {
  return values.filter((value) => value !== removed);
}

/** Every right and every option, minus at most one right or one option; 'none' is a role without anything. */
function roleMissing(
  missing:
    | { entity: EntityCode; action: RightAction }
    | { entities: readonly EntityCode[]; action: RightAction }
    | { option: RoleOption }
    | { options: readonly RoleOption[] }
    | null
    | 'none',
): Partial<RoleSeed> {
  if (missing === 'none') {
    return {};
  }
  const rights: Record<RightAction, readonly EntityCode[]> = { ...ALL_RIGHTS };
  let options: readonly string[] = ALL_OPTIONS;
  if (missing && 'entity' in missing) {
    rights[missing.action] = without(ALL_RIGHTS[missing.action], missing.entity);
  } else if (missing && 'entities' in missing) {
    rights[missing.action] = ALL_RIGHTS[missing.action].filter((entity) => !missing.entities.includes(entity));
  } else if (missing && 'options' in missing) {
    options = ALL_OPTIONS.filter((option) => !(missing.options as readonly string[]).includes(option));
  } else if (missing) {
    options = without(ALL_OPTIONS, missing.option);
  }
  return { ...rights, options, visibility: 1 };
}

function describeRule(rule: AccessRule): string {
  switch (rule.kind) {
    case 'public':
    case 'authenticated':
      return rule.kind;
    case 'right':
      return `${rule.entity}.${rule.action}${rule.anyOption ? ` with ${rule.anyOption.join(' or ')}` : ''}`;
    case 'anyRight':
      return `any of ${rule.entities.join(', ')}.${rule.action}`;
    case 'option':
      return rule.option;
  }
}

function hasExample(route: DeclaredRoute): boolean {
  return needsNoExample(route.method, route.url) || ROUTE_EXAMPLES[`${route.method} ${route.url}`] !== undefined;
}

/** The route's example request, or, for the 401 and 403 checks of a route without one, input it would refuse. */
async function send(route: DeclaredRoute, caller: Caller | null) {
  const context: ExampleContext = { app: testApp.app, db: testApp.db, admin, caller };
  const request = hasExample(route)
    ? await exampleRequest(route.method, route.url, context)
    : { url: route.url.replace(/:\w+/g, 'not-an-id'), payload: garbagePayload(route) };
  return inject(testApp.app, {
    method: route.method as 'GET',
    url: request.url,
    query: request.query,
    payload: request.payload,
    headers: request.headers,
    token: caller?.token,
  });
}

function garbagePayload(route: DeclaredRoute) {
  return route.method === 'GET' || route.method === 'DELETE' ? undefined : { unexpected: 'field' };
}

const protectedRoutes = testApp.app.declaredRoutes.filter(
  (route): route is DeclaredRoute & { access: AccessRule } => route.access !== undefined && route.access.kind !== 'public',
);

describe('the example table', () => {
  it('has a valid example for every protected route that needs one', () => {
    const missing = protectedRoutes.filter((route) => !hasExample(route)).map((route) => `${route.method} ${route.url}`);
    expect(missing, 'add these routes to test/route-examples.ts').toEqual([]);
  });

  it('names only routes that exist', () => {
    const declared = new Set(testApp.app.declaredRoutes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(ROUTE_EXAMPLES).filter((key) => !declared.has(key))).toEqual([]);
  });
});

describe.each(protectedRoutes.map((route) => [`${route.method} ${route.url} (${describeRule(route.access)})`, route] as const))(
  '%s',
  (_name, route) => {
    const rule = route.access;

    it('answers 401 without a token, before looking at the input', async () => {
      const response = await send(route, null);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ error: 'Session expirée' });
      const garbage = await inject(testApp.app, {
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, 'not-an-id'),
        payload: garbagePayload(route),
      });
      expect(garbage.statusCode, garbage.body).toBe(401);
    });

    if (rule.kind === 'right' || rule.kind === 'anyRight' || rule.kind === 'option') {
      const missing =
        rule.kind === 'right'
          ? { entity: rule.entity, action: rule.action }
          : rule.kind === 'anyRight'
            ? { entities: rule.entities, action: rule.action }
            : { option: rule.option };

      it(`answers 403 to a role with every right and option but ${describeRule(rule)}`, async () => {
        const response = await send(route, await actingAs(testApp, roleMissing(missing)));
        expect(response.statusCode, response.body).toBe(403);
      });
    }

    if (rule.kind === 'right' && rule.anyOption) {
      const options = rule.anyOption;
      it(`answers 403 to a role with every right but none of ${options.join(', ')}`, async () => {
        const response = await send(route, await actingAs(testApp, roleMissing({ options })));
        expect(response.statusCode, response.body).toBe(403);
      });
      for (const option of options) {
        it(`reaches the handler for a role whose only one of these options is ${option}`, async () => {
          const others = options.filter((other) => other !== option);
          const response = await send(route, await actingAs(testApp, roleMissing({ options: others })));
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, response.body).toBeLessThan(300);
        });
      }
    }

    // a route without an example is reported once, by the example table test above
    if (hasExample(route)) {
      const holder =
        rule.kind === 'authenticated' ? 'a signed-in profile without any right' : `a role holding ${describeRule(rule)}`;
      it(`reaches the handler for ${holder}`, async () => {
        const response = await send(route, await actingAs(testApp, roleMissing(rule.kind === 'authenticated' ? 'none' : null)));
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, response.body).toBeLessThan(300);
      });
    }
  },
);
