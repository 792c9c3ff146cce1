import { createHashRouter, type RouteObject } from 'react-router';
import { AccountPage } from '../features/account/account-page';
import { HomePage } from '../features/home/home-page';
import { LoginPage } from '../features/login/login-page';
import { workflowRoutes } from '../features/workflow/workflow-routes';
import { featureRoutes } from './feature-routes';
import { LogoutRoute } from './logout-route';
import { RootLayout } from './root-layout';
import { canOpenPath } from './route-access';
import { NotFoundPage } from './shell/not-found-page';
import { ShellLayout } from './shell/shell-layout';

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
