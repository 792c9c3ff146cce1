import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const CompanyDetailPage = lazyPage(() => import('./company-detail-page').then((module) => module.CompanyDetailPage));
const CompanyListPage = lazyPage(() => import('./company-list-page').then((module) => module.CompanyListPage));

/**
 * The subcontractor screens (spec 3 /sst/companies, /sst/company/{id}); `app/feature-routes.ts` mounts the
 * agency screens beside them.
 */
export const companyRoutes: FeatureRoute[] = [
  { path: '/sst/companies', entity: 'company', element: <CompanyListPage /> },
  { path: '/sst/company/:id', entity: 'company', element: <CompanyDetailPage /> },
];
