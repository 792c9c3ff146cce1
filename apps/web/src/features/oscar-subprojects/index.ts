// The face of the OSCAR subprojects feature: what the app uses of it.

/** The OSCAR subproject screens, mounted by the app's router. */
export { oscarSubprojectRoutes } from './oscar-subproject-routes';
