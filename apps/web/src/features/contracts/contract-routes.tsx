import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const ContractDetailPage = lazyPage(() => import('./contract-detail-page').then((module) => module.ContractDetailPage));
const ContractListPage = lazyPage(() => import('./contract-list-page').then((module) => module.ContractListPage));

/** The contract routes mounted by the shell's router (spec 2 §2). */
export const contractRoutes: FeatureRoute[] = [
  { path: '/sst/contracts', entity: 'contract', element: <ContractListPage /> },
  { path: '/sst/contract/:id', entity: 'contract', element: <ContractDetailPage /> },
];
