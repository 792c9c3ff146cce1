// The face of the companies feature: what the app uses of it.

/** The company screens, mounted by the app's router. */
export { companyRoutes } from './company-routes';
