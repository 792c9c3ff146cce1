import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

/** The screen's address; the API calls are in notifications.api.ts (kept off the first screen: it loads the query cache). */
export const NOTIFICATIONS_ROUTE = '/notifications';

const NotificationListPage = lazyPage(() => import('./notification-list-page').then((module) => module.NotificationListPage));

/** The notification screen (spec 1 /notifications). */
export const notificationRoutes: FeatureRoute[] = [
  { path: NOTIFICATIONS_ROUTE, entity: 'notification', element: <NotificationListPage /> },
];
