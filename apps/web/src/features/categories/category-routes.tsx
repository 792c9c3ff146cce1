import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const CategoryDetailPage = lazyPage(() => import('./category-detail-page').then((module) => module.CategoryDetailPage));
const CategoryListPage = lazyPage(() => import('./category-list-page').then((module) => module.CategoryListPage));

/** The category screens (spec 3 /categories, /category/{id}). */
export const categoryRoutes: FeatureRoute[] = [
  { path: '/categories', entity: 'category', element: <CategoryListPage /> },
  { path: '/category/:id', entity: 'category', element: <CategoryDetailPage /> },
];
