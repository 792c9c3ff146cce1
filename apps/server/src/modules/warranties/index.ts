// The warranties module's face: what the app and the other modules may use of it (docs/architecture.md).

export { WARRANTY_SUMMARY_SUMS, warrantyList, warrantySummary } from './warranties.lists.js';
export { registerWarrantyRoutes } from './warranties.routes.js';
