// The face of the documents feature: what the app uses of it.

/** The document screens, mounted by the app's router. */
export { documentRoutes } from './document-routes';
