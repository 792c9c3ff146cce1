// The face of the contracts feature: what the app uses of it.

/** The contract screens, mounted by the app's router. */
export { contractRoutes } from './contract-routes';
