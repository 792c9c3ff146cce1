import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const RoleDetailPage = lazyPage(() => import('./role-detail-page').then((module) => module.RoleDetailPage));
const RoleListPage = lazyPage(() => import('./role-list-page').then((module) => module.RoleListPage));

/** The role routes mounted by the shell's router. */
export const roleRoutes: FeatureRoute[] = [
  { path: '/roles', entity: 'role', element: <RoleListPage /> },
  { path: '/role/:id', entity: 'role', element: <RoleDetailPage /> },
];
