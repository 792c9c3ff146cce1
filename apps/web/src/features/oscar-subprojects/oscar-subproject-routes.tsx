import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const OscarSubprojectDetailPage = lazyPage(() =>
  import('./oscar-subproject-detail-page').then((module) => module.OscarSubprojectDetailPage),
);
const OscarSubprojectListPage = lazyPage(() =>
  import('./oscar-subproject-list-page').then((module) => module.OscarSubprojectListPage),
);

/** The OSCAR sub-project screens; they need the read right on project (the spec has no OSCAR entity). */
export const oscarSubprojectRoutes: FeatureRoute[] = [
  { path: '/oscarsubprojects', entity: 'project', element: <OscarSubprojectListPage /> },
  { path: '/oscarsubproject/:id', entity: 'project', element: <OscarSubprojectDetailPage /> },
];
