import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const DocumentDetailPage = lazyPage(() => import('./document-detail-page').then((module) => module.DocumentDetailPage));
const DocumentListPage = lazyPage(() => import('./document-list-page').then((module) => module.DocumentListPage));

/** The documents screens (spec 2 §2), with the link form /documents/{id} of spec 1's route table. */
export const documentRoutes: FeatureRoute[] = [
  { path: '/documents', entity: 'document', element: <DocumentListPage /> },
  { path: '/document/:id', entity: 'document', element: <DocumentDetailPage /> },
  { path: '/documents/:id', entity: 'document', element: <DocumentDetailPage /> },
];
