// The face of the tasks feature: what the app uses of it.

/** The task screens, mounted by the app's router. */
export { taskRoutes } from './task-routes';
