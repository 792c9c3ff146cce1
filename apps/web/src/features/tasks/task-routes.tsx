import type { FeatureRoute } from '../../app/feature-routes';
import { lazyPage } from '../../app/lazy-page';

const TaskListPage = lazyPage(() => import('./task-list-page').then((module) => module.TaskListPage));

/** The background task screen (spec 3 /tasks). */
export const taskRoutes: FeatureRoute[] = [{ path: '/tasks', entity: 'task', element: <TaskListPage /> }];
