// The face of the reference data feature: what other features use of it.

/** The generic reference list page, wrapped by features' own list pages. */
export { ReferenceListPage } from './reference-list-page';
