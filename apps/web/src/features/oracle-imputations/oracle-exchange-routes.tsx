import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const OracleImputationListPage = lazyPage(() =>
  import('./oracle-imputation-list-page').then((module) => module.OracleImputationListPage),
);
const RgWarrantyListPage = lazyPage(() => import('./rg-warranty-list-page').then((module) => module.RgWarrantyListPage));

/** The ERP-facing screens of spec 2: imputations and retention warranties. */
export const oracleExchangeRoutes: FeatureRoute[] = [
  { path: '/oracleimputations', entity: 'oracle_imputation', element: <OracleImputationListPage /> },
  { path: '/release-rg-warranties', entity: 'warranty', element: <RgWarrantyListPage /> },
];
