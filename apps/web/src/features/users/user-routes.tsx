import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const UserDetailPage = lazyPage(() => import('./user-detail-page').then((module) => module.UserDetailPage));
const UserListPage = lazyPage(() => import('./user-list-page').then((module) => module.UserListPage));

/** The user routes mounted by the shell's router. */
export const userRoutes: FeatureRoute[] = [
  { path: '/users', entity: 'user', element: <UserListPage /> },
  { path: '/user/:id', entity: 'user', element: <UserDetailPage /> },
];
