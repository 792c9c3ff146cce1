// The companies module's face: what the app and the other modules may use of it (docs/architecture.md).
export { companyList } from './companies.lists.js';
export { registerCompanyRoutes } from './companies.routes.js';
