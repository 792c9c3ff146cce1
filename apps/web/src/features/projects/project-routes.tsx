import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const ProjectDetailPage = lazyPage(() => import('./project-detail-page').then((module) => module.ProjectDetailPage));
const ProjectListPage = lazyPage(() => import('./project-list-page').then((module) => module.ProjectListPage));

/** The project routes mounted by the shell's router. */
export const projectRoutes: FeatureRoute[] = [
  { path: '/projects', entity: 'project', element: <ProjectListPage /> },
  { path: '/project/:id', entity: 'project', element: <ProjectDetailPage /> },
];
