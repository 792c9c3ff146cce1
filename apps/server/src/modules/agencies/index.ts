// The agencies module's face: what the app and the other modules may use of it (docs/architecture.md).
export { agencyList } from './agencies.lists.js';
export { registerAgencyRoutes } from './agencies.routes.js';
export { type AgencyService, createAgencyService } from './agencies.service.js';
export { addDays, documentState, evaluateFolder } from './legal-status.js';
