import type { FeatureRoute } from '../../app/feature-routes';
import { lazyPage } from '../../app/lazy-page';

const OracleImputationListPage = lazyPage(() =>
  import('./oracle-imputation-list-page').then((module) => module.OracleImputationListPage),
);
const RgWarrantyListPage = lazyPage(() => import('./rg-warranty-list-page').then((module) => module.RgWarrantyListPage));

/** The ERP-facing screens of spec 2: imputations and retention warranties. */
export const oracleExchangeRoutes: FeatureRoute[] = [
  { path: '/oracleimputations', entity: 'oracle_imputation', element: <OracleImputationListPage /> },
  { path: '/release-rg-warranties', entity: 'warranty', element: <RgWarrantyListPage /> },
];
