import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';

export type ProjectRecord = {
  id: number;
  version: number;
  name: string;
  code: string;
  typeId: number | null;
  managerId: number | null;
  address: string | null;
  businessUnitId: number | null;
  msGenerationDate: string | null;
  paymentGuarantee: boolean;
  shareFiles: boolean;
  typeName: string | null;
  managerName: string | null;
  businessUnitName: string | null;
};

export type ProjectUser = { id: number; uid: string; name: string; mail: string | null; roleName: string; active: boolean };

export type Imputation = {
  id: number;
  version: number;
  eotp: string;
  description: string | null;
  active: boolean;
  nbOsValidatedOrClosed: number;
  nbAttachementPayed: number;
  totalOsValidatedOrClosed: string;
  totalAttachementPayed: string;
};

type Reply<Record = unknown> = { success: boolean; id: number; record?: Record };

export const PROJECT_CSV_PATH = '/project/csv';

export function projectQueryKey(id: number): readonly unknown[] {
  return ['project', id];
}

export function fetchProject(id: number): Promise<ProjectRecord> {
  return api.get<ProjectRecord>(`/project/${id}`);
}

export function createProject(payload: unknown): Promise<Reply> {
  return api.post<Reply>('/project', payload);
}

export function updateProject(id: number, payload: unknown): Promise<Reply<ProjectRecord>> {
  return api.put<Reply<ProjectRecord>>(`/project/${id}`, payload);
}

export function deleteProject(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/project/${id}/delete`);
}

export function addProjectUser(projectId: number, userId: number): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>(`/project/${projectId}/user/${userId}`);
}

export function removeProjectUser(projectId: number, userId: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/project/${projectId}/user/${userId}`);
}

export function createImputation(payload: unknown): Promise<Reply> {
  return api.post<Reply>('/imputation/create', payload);
}

export function updateImputation(id: number, payload: unknown): Promise<Reply> {
  return api.put<Reply>(`/imputation/${id}`, payload);
}

export function deleteImputation(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/imputation/${id}/delete`);
}

export function useProjectUsers(projectId: number) {
  return useQuery({
    queryKey: ['project', projectId, 'users'],
    queryFn: () => api.get<ProjectUser[]>(`/project/${projectId}/users`),
    enabled: projectId > 0,
  });
}

export function useProjectImputations(projectId: number) {
  return useQuery({
    queryKey: ['project', projectId, 'imputations'],
    queryFn: () => api.get<Imputation[]>(`/project/${projectId}/imputations`),
    enabled: projectId > 0,
  });
}

/** The project types of the type select, asked only with the read right on them. */
export function useProjectTypes() {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['projecttypes', 'all'],
    queryFn: () => api.get<{ id: number; name: string }[]>('/projecttype/list'),
    enabled: can('project_type', 'read'),
    staleTime: 60_000,
  });
}
