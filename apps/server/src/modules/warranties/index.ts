// The warranties module's face: what the app and the other modules may use of it (docs/architecture.md).

export { warrantyList } from './warranties.lists.js';
export { registerWarrantyRoutes } from './warranties.routes.js';
