import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const MarketDetailPage = lazyPage(() => import('./market-detail-page').then((module) => module.MarketDetailPage));
const MarketListPage = lazyPage(() => import('./market-list-page').then((module) => module.MarketListPage));

/** The market routes mounted by the shell's router (spec 2 §2). */
export const marketRoutes: FeatureRoute[] = [
  { path: '/sst/markets', entity: 'subcontractor_market', element: <MarketListPage /> },
  { path: '/sst/market/:id', entity: 'subcontractor_market', element: <MarketDetailPage /> },
];
