// The erp-users module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerErpUserRoutes } from './erp-users.routes.js';
