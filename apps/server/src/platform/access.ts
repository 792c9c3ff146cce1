import type { EntityCode, RightAction, RoleOption } from '@isf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './errors.js';
import { can, hasOption, type Principal, type PrincipalLoader } from './principal.js';
import type { TokenService } from './tokens.js';

/**
 * What a route requires. Every /api route declares one (a test enumerates them); a route without a
 * declaration is refused at run time too.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  /** With `anyOption`, the right and one of these options (e.g. the document PDFs). */
  | { kind: 'right'; entity: EntityCode; action: RightAction; anyOption?: readonly RoleOption[] }
  /** The action on any of several entities (e.g. reading any evaluation type). */
  | { kind: 'anyRight'; entities: readonly EntityCode[]; action: RightAction }
  | { kind: 'option'; option: RoleOption };

export const access = {
  public: (): AccessRule => ({ kind: 'public' }),
  authenticated: (): AccessRule => ({ kind: 'authenticated' }),
  right: (entity: EntityCode, action: RightAction, anyOption?: readonly RoleOption[]): AccessRule =>
    anyOption ? { kind: 'right', entity, action, anyOption } : { kind: 'right', entity, action },
  anyRight: (entities: readonly EntityCode[], action: RightAction): AccessRule => ({ kind: 'anyRight', entities, action }),
  option: (option: RoleOption): AccessRule => ({ kind: 'option', option }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type DeclaredRoute = { method: string; url: string; access: AccessRule | undefined };

export function isAllowed(principal: Principal, rule: AccessRule): boolean {
  switch (rule.kind) {
    case 'public':
    case 'authenticated':
      return true;
    case 'right':
      return (
        can(principal, rule.entity, rule.action) &&
        (rule.anyOption === undefined || rule.anyOption.some((option) => hasOption(principal, option)))
      );
    case 'anyRight':
      return rule.entities.some((entity) => can(principal, entity, rule.action));
    case 'option':
      return hasOption(principal, rule.option);
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    return header.slice('Bearer '.length).trim();
  }
  // file downloads are form posts that carry the token as a field (spec 1 §7)
  const body = request.body as { token?: unknown } | undefined;
  return body && typeof body.token === 'string' ? body.token : undefined;
}

/** Registers the access check on every route and records the declarations for the tests. */
export function registerAccessControl(
  app: FastifyInstance,
  dependencies: { tokens: TokenService; principals: PrincipalLoader },
): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) {
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        declared.push({ method, url: route.url, access: route.config?.access });
      }
    }
  });
  // before validation: a caller without a valid token learns nothing about the input a route expects
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api') || request.is404) {
      return;
    }
    const rule = request.routeOptions.config.access;
    if (!rule) {
      throw forbidden();
    }
    if (rule.kind === 'public') {
      return;
    }
    const token = bearerToken(request);
    const userId = token ? await dependencies.tokens.verify(token) : null;
    const principal = userId ? await dependencies.principals.get(userId) : null;
    if (!principal) {
      throw unauthenticated('error.sessionExpired');
    }
    request.principal = principal;
    if (!isAllowed(principal, rule)) {
      throw forbidden();
    }
  });
  return declared;
}

/** The principal of an authenticated route (the access hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthenticated('error.sessionExpired');
  }
  return request.principal;
}
