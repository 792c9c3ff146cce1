// The erp-projects module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerErpProjectRoutes } from './erp-projects.routes.js';
export { createErpProjectService, type ErpProjectService } from './erp-projects.service.js';
export { saveErpProjects, syncOracleProjects } from './oracle-project-sync.js';
export { asSyncFailure } from './oracle-sync-jobs.js';
