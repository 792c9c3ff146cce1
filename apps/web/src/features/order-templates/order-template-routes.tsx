import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const OrderTemplateDetailPage = lazyPage(() =>
  import('./order-template-detail-page').then((module) => module.OrderTemplateDetailPage),
);
const OrderTemplateListPage = lazyPage(() => import('./order-template-list-page').then((module) => module.OrderTemplateListPage));

/** The order template screens (spec 3 /os/templates, /os/template/{id}). */
export const orderTemplateRoutes: FeatureRoute[] = [
  { path: '/os/templates', entity: 'os_template', element: <OrderTemplateListPage /> },
  { path: '/os/template/:id', entity: 'os_template', element: <OrderTemplateDetailPage /> },
];
