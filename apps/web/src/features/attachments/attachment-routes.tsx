import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const AttachmentDetailPage = lazyPage(() => import('./attachment-detail-page').then((module) => module.AttachmentDetailPage));
const AttachmentListPage = lazyPage(() => import('./attachment-list-page').then((module) => module.AttachmentListPage));

/** The attachment routes mounted by the shell's router (spec 2 §2, spelled as the spec does). */
export const attachmentRoutes: FeatureRoute[] = [
  { path: '/sst/attachements', entity: 'attachement', element: <AttachmentListPage /> },
  { path: '/sst/attachement/:id', entity: 'attachement', element: <AttachmentDetailPage /> },
];
