import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const BpuDetailPage = lazyPage(() => import('./bpu-detail-page').then((module) => module.BpuDetailPage));
const BpuListPage = lazyPage(() => import('./bpu-list-page').then((module) => module.BpuListPage));

/** The BPU screens (spec 3 /sst/bpu, /sst/bpu/{id}). */
export const bpuRoutes: FeatureRoute[] = [
  { path: '/sst/bpu', entity: 'bpu_sst', element: <BpuListPage /> },
  { path: '/sst/bpu/:id', entity: 'bpu_sst', element: <BpuDetailPage /> },
];
