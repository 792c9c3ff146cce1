// The face of the help feature: what the app uses of it.

/** The incident report, opened from the shell's header. */
export { IncidentDialog } from './incident-dialog';
