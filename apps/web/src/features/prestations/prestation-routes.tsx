import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const PrestationDetailPage = lazyPage(() => import('./prestation-detail-page').then((module) => module.PrestationDetailPage));
const PrestationListPage = lazyPage(() => import('./prestation-list-page').then((module) => module.PrestationListPage));

/** The prestation screens (spec 3 /prestations, /prestation/{id}). */
export const prestationRoutes: FeatureRoute[] = [
  { path: '/prestations', entity: 'prestation', element: <PrestationListPage /> },
  { path: '/prestation/:id', entity: 'prestation', element: <PrestationDetailPage /> },
];
