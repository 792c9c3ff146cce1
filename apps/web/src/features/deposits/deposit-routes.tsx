import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const DepositListPage = lazyPage(() => import('./deposit-list-page').then((module) => module.DepositListPage));

/** The deposits route (spec 2 §2). The order and market screens embed `DepositsBlock`. */
export const depositRoutes: FeatureRoute[] = [{ path: '/sst/deposits', entity: 'deposit', element: <DepositListPage /> }];
