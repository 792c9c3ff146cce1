import { createHashRouter, type RouteObject } from 'react-router';
import { AccountPage } from '../features/account';
import { HomePage } from '../features/home';
import { LoginPage } from '../features/login';
import { workflowRoutes } from '../features/workflow';
import { lazyPage } from '../lib/lazy-page';
import { featureRoutes } from './feature-routes';
import { LogoutRoute } from './logout-route';
import { RootLayout } from './root-layout';
import { canOpenPath } from './route-access';

// The login page is the first screen of a signed-out user: it is in the main bundle. The shell (menus,
// header) and every screen behind it load on their first render, so the login page downloads none of them.
const ShellLayout = lazyPage(() => import('./shell/shell-layout').then((module) => module.ShellLayout));
const NotFoundPage = lazyPage(() => import('./shell/not-found-page').then((module) => module.NotFoundPage));

/**
 * The route tree. Routes that declare an entity need its read right (see `route-access.ts`, which
 * reads the same route tables).
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'logout', element: <LogoutRoute /> },
      {
        element: <ShellLayout />,
        children: [
          { index: true, element: <HomePage canOpenPath={canOpenPath} /> },
          // no entity: the page shows its delegations only with users.can_delegate / users.can_admin_delegate
          { path: 'account-manage', element: <AccountPage /> },
          // no entity either: a node may hold any kind of work item (the server checks the role's nodes)
          ...workflowRoutes,
          ...featureRoutes.map(({ path, element }) => ({ path, element })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
