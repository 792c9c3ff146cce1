// The face of the reference data feature: what the app and other features use of it.

/** The generic reference list page, wrapped by features' own list pages. */
export { ReferenceListPage } from './reference-list-page';
/** The list and detail screens of every reference resource, mounted by the app's router. */
export { referenceRoutesWith } from './reference-routes';
