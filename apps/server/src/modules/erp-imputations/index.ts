/** ERP imputations (spec 2 /oracleimputations): registered by the app. */

export type { SendOrder } from './imputation-jobs.js';
export { syncImputations } from './imputation-sync.js';
export { registerOracleImputationRoutes } from './oracle-imputations.routes.js';
