import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const AgencyDetailPage = lazyPage(() => import('./agency-detail-page').then((module) => module.AgencyDetailPage));
const AgencyListPage = lazyPage(() => import('./agency-list-page').then((module) => module.AgencyListPage));

/** The agency screens (spec 3 /sst/agencies, /sst/agency/{id}). */
export const agencyRoutes: FeatureRoute[] = [
  { path: '/sst/agencies', entity: 'agency', element: <AgencyListPage /> },
  { path: '/sst/agency/:id', entity: 'agency', element: <AgencyDetailPage /> },
];
