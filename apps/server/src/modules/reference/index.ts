// The reference module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerReferenceRoutes } from './reference.routes.js';
export { REFERENCE_TABLES } from './reference.tables.js';
