import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const WarrantyListPage = lazyPage(() => import('./warranty-list-page').then((module) => module.WarrantyListPage));

/** The order warranties route (spec 2 §2): reading orders opens it. */
export const warrantyRoutes: FeatureRoute[] = [{ path: '/os/warranties', entity: 'warranty', element: <WarrantyListPage /> }];
