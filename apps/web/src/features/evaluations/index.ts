// The face of the evaluations feature: what the app and other features use of it.

/** An agency's evaluations, shown by the agency screen. */
export { AgencyEvaluationsPanel } from './agency-evaluations-panel';
/** The evaluation screens, mounted by the app's router. */
export { evaluationRoutes } from './evaluation-routes';
