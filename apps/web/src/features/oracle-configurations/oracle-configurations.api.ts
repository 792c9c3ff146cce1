import type { ErpUserRenameReply, OracleProjectSyncSummary } from '@isf/contract';
import { api } from '../../lib/api-client';

export type OracleProjectsSyncReply = { success: boolean; message: string; summaries: OracleProjectSyncSummary[] };

/** Silent: the screen shows the spec's running and failure texts itself. */
export function syncAllOracleProjects(): Promise<OracleProjectsSyncReply> {
  return api.post<OracleProjectsSyncReply>('/oracle/projects/sync', undefined, { silent: true });
}

/** Silent: the user actions show Oracle's refusals and failures themselves. */
export function renameUserFromOracle(userId: number): Promise<ErpUserRenameReply> {
  return api.post<ErpUserRenameReply>(`/oracle/user/${userId}/rename`, undefined, { silent: true });
}
