// The face of the evaluations feature: what other features use of it.

/** An agency's evaluations, shown by the agency screen. */
export { AgencyEvaluationsPanel } from './agency-evaluations-panel';
