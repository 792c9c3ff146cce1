/** What other modules may use of the Oracle projects. */
export { saveErpProjects } from './oracle-project-sync.js';
export { asSyncFailure } from './oracle-sync-jobs.js';
