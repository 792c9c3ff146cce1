import type { OracleProjectRecord, OracleProjectSyncSummary, OscarProjectRow, OscarSubProjectRecord } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type OracleTask = { id: number; erpTaskId: number; name: string; number: string; description: string | null };

type Success = { success: boolean };

export const oracleProjectsKey = (projectId: number) => ['project', projectId, 'oracleprojects'] as const;
export const oscarKey = (projectId: number) => ['project', projectId, 'oscar'] as const;

export function useProjectOracleProjects(projectId: number, enabled = true) {
  return useQuery({
    queryKey: oracleProjectsKey(projectId),
    queryFn: () => api.get<OracleProjectRecord[]>(`/project/${projectId}/oracleprojects`),
    enabled: enabled && projectId > 0,
  });
}

export function useOracleTasks(oracleProjectId: number) {
  return useQuery({
    queryKey: ['oracleproject', oracleProjectId, 'tasks'],
    queryFn: () => api.get<OracleTask[]>(`/oracle/project/${oracleProjectId}/tasks`),
  });
}

export function attachOracleProject(projectId: number, oracleId: number): Promise<Success> {
  return api.put<Success>(`/project/${projectId}/oracleprojects/${oracleId}`);
}

export function detachOracleProject(projectId: number, oracleId: number): Promise<Success> {
  return api.delete<Success>(`/project/${projectId}/oracleprojects/${oracleId}`);
}

/** Silent: the tab shows the spec's failure text itself. */
export function syncProjectWithOracle(projectId: number) {
  return api.post<Success & { summary: OracleProjectSyncSummary }>(`/oracle/project/${projectId}/sync`, undefined, {
    silent: true,
  });
}

export function useProjectOscarProjects(projectId: number) {
  return useQuery({
    queryKey: [...oscarKey(projectId), 'projects'],
    queryFn: () =>
      api.get<{ content: OscarProjectRow[] }>('/oscarprojects', {
        query: { size: 200, filters: JSON.stringify({ projectId: String(projectId) }) },
      }),
    enabled: projectId > 0,
  });
}

export function useProjectOscarSubprojects(projectId: number) {
  return useQuery({
    queryKey: [...oscarKey(projectId), 'subprojects'],
    queryFn: () => api.get<OscarSubProjectRecord[]>(`/project/${projectId}/oscarsubprojects`),
    enabled: projectId > 0,
  });
}

export function attachOscarProject(projectId: number, oscarId: number): Promise<Success> {
  return api.post<Success>(`/project/${projectId}/oscarproject/${oscarId}`);
}

export function detachOscarProject(projectId: number, oscarId: number): Promise<Success> {
  return api.delete<Success>(`/project/${projectId}/oscarproject/${oscarId}`);
}
