// The face of the users feature: what the app uses of it.

/** The user screens, mounted by the app's router. */
export { userRoutes } from './user-routes';
