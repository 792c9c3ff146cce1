// The warranties module's face: what the app and the other modules may use of it (docs/architecture.md).

export { orderWarranty } from './order-warranty.js';
export { WARRANTY_SUMMARY_SUMS, warrantyCondition, warrantyList, warrantyListOf, warrantySummary } from './warranties.lists.js';
export { registerWarrantyRoutes } from './warranties.routes.js';
