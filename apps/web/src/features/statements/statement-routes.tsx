import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const StatementListPage = lazyPage(() => import('./statement-list-page').then((module) => module.StatementListPage));
const StatementDetailPage = lazyPage(() => import('./statement-detail-page').then((module) => module.StatementDetailPage));

/** The monthly statement routes (spec 1 route map: /sst/situations, /sst/situation/{id}). */
export const statementRoutes: FeatureRoute[] = [
  { path: '/sst/situations', entity: 'monthly_statement', element: <StatementListPage /> },
  { path: '/sst/situation/:id', entity: 'monthly_statement', element: <StatementDetailPage /> },
];
