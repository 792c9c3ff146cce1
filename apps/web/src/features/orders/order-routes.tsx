import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const OrderDetailPage = lazyPage(() => import('./order-detail-page').then((module) => module.OrderDetailPage));
const OrderListPage = lazyPage(() => import('./order-list-page').then((module) => module.OrderListPage));

/** The service order routes mounted by the shell's router (spec 2 §2). */
export const orderRoutes: FeatureRoute[] = [
  { path: '/sst/orders', entity: 'order', element: <OrderListPage /> },
  { path: '/sst/order/:id', entity: 'order', element: <OrderDetailPage /> },
];
