// The face of the projects feature: what other features use of it.

/** A project's Oracle projects and OSCAR subprojects, offered by the order creation. */
export { useProjectOracleProjects, useProjectOscarSubprojects } from './erp-projects.api';
/** A project's imputations, offered by the order creation and the warranties' filters. */
export { type Imputation, useProjectImputations } from './projects.api';
