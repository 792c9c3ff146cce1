import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const TaskListPage = lazyPage(() => import('./task-list-page').then((module) => module.TaskListPage));

/** The background task screen (spec 3 /tasks). */
export const taskRoutes: FeatureRoute[] = [{ path: '/tasks', entity: 'task', element: <TaskListPage /> }];
