/**
 * The 'sync with Oracle' button of a project (spec 3 Project detail): shown when the project has a
 * requisitioning business unit and the user has the update right on project.
 */
export function canSyncWithOracle(project: { businessUnitId: number | null } | undefined, canUpdateProject: boolean): boolean {
  return canUpdateProject && project !== undefined && project.businessUnitId !== null;
}
