import type { EntityCode, RightAction } from '@isf/contract';

type Can = (entity: EntityCode, action: RightAction) => boolean;

/** The 'synchronize projects' button of the Oracle configuration list: it runs the all-units project sync. */
export function canSyncOracleProjects(can: Can): boolean {
  return can('oracle_project', 'update');
}

/** The 'rename users' button of the user detail (spec 3 User detail): read right on the Oracle configuration. */
export function canRenameFromOracle(can: Can): boolean {
  return can('oracle_configuration', 'read');
}
