import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';
import { NOTIFICATIONS_ROUTE } from '../../lib/routes';

const NotificationListPage = lazyPage(() => import('./notification-list-page').then((module) => module.NotificationListPage));

/** The notification screen (spec 1 /notifications). */
export const notificationRoutes: FeatureRoute[] = [
  { path: NOTIFICATIONS_ROUTE, entity: 'notification', element: <NotificationListPage /> },
];
