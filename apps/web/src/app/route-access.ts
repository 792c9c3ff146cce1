import type { EntityCode, UserProfile } from '@isf/contract';
import { matchPath } from 'react-router';
import { can } from '../lib/auth-store';
import { featureRoutes } from './feature-routes';

/**
 * A route guarded by the read right on its entity (spec 1 §2, §6); with several entities, the read
 * right on any of them opens it (the evaluation dashboard: any evaluation type).
 */
export type EntityRoute = { path: string; entity: EntityCode | readonly EntityCode[] };

/** Every route that declares an entity. */
export const entityRoutes: readonly EntityRoute[] = featureRoutes;

export function entityOfPath(
  pathname: string,
  routes: readonly EntityRoute[] = entityRoutes,
): EntityCode | readonly EntityCode[] | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname))?.entity;
}

/** Whether the profile may open the path: routes without an entity are open to any signed-in user. */
export function canOpenPath(
  profile: UserProfile | null,
  pathname: string,
  routes: readonly EntityRoute[] = entityRoutes,
): boolean {
  const entity = entityOfPath(pathname, routes);
  if (entity === undefined) {
    return true;
  }
  return typeof entity === 'string' ? can(profile, entity, 'read') : entity.some((code) => can(profile, code, 'read'));
}
