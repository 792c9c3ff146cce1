import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const BpuTemplateDetailPage = lazyPage(() => import('./bpu-template-detail-page').then((module) => module.BpuTemplateDetailPage));
const BpuTemplateListPage = lazyPage(() => import('./bpu-template-list-page').then((module) => module.BpuTemplateListPage));

/** The BPU template screens (spec 3 /sst/bputemplates/, /sst/bputemplate/{id}). */
export const bpuTemplateRoutes: FeatureRoute[] = [
  { path: '/sst/bputemplates', entity: 'bpu_template', element: <BpuTemplateListPage /> },
  { path: '/sst/bputemplate/:id', entity: 'bpu_template', element: <BpuTemplateDetailPage /> },
];
