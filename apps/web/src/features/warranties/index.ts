// The face of the warranties feature: what the app uses of it.

/** The warranty screens, mounted by the app's router. */
export { warrantyRoutes } from './warranty-routes';
