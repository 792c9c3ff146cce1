// The face of the projects feature: what the app and other features use of it.

/** A project's Oracle projects and OSCAR subprojects, offered by the order creation. */
export { useProjectOracleProjects, useProjectOscarSubprojects } from './erp-projects.api';
/** The project screens, mounted by the app's router. */
export { projectRoutes } from './project-routes';
/** A project's imputations, offered by the order creation and the warranties' filters. */
export { type Imputation, useProjectImputations } from './projects.api';
