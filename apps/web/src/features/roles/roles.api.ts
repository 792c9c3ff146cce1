import type { MenuEntry, RoleRecord, WorkflowNodeEntry, WorkflowTransitionEntry } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';

export type RoleName = { id: number; name: string; visibility: number };

export type SaveReply<Record> = { success: boolean; id: number; record?: Record };

export const ROLE_LIST_PATH = '/roles';
export const ROLE_CSV_PATH = '/role/csv';

export function roleQueryKey(id: number): readonly unknown[] {
  return ['role', id];
}

export function fetchRole(id: number): Promise<RoleRecord> {
  return api.get<RoleRecord>(`/role/${id}`);
}

export function createRole(payload: unknown): Promise<SaveReply<RoleRecord>> {
  return api.post<SaveReply<RoleRecord>>('/role', payload);
}

export function updateRole(id: number, payload: unknown): Promise<SaveReply<RoleRecord>> {
  return api.put<SaveReply<RoleRecord>>(`/role/${id}`, payload);
}

export function deleteRole(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/role/${id}`);
}

/** Every role by name (selects of parent role, user role, profile role); asked only with the read right. */
export function useRoleNames() {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['roles', 'names'],
    queryFn: () => api.get<RoleName[]>('/roles/list'),
    enabled: can('role', 'read'),
    staleTime: 60_000,
  });
}

/** The catalogues of the role editor: menus, entity codes, role options, workflow nodes and transitions. */
export function useRoleCatalogues() {
  const menus = useQuery({ queryKey: ['catalogue', 'menus'], queryFn: () => api.get<MenuEntry[]>('/menus'), staleTime: 300_000 });
  const entities = useQuery({
    queryKey: ['catalogue', 'entities'],
    queryFn: () => api.get<string[]>('/entities'),
    staleTime: 300_000,
  });
  const options = useQuery({
    queryKey: ['catalogue', 'role-options'],
    queryFn: () => api.get<string[]>('/role/options'),
    staleTime: 300_000,
  });
  const nodes = useQuery({
    queryKey: ['catalogue', 'workflow-nodes'],
    queryFn: () => api.get<WorkflowNodeEntry[]>('/workflows/nodes'),
    staleTime: 300_000,
  });
  const transitions = useQuery({
    queryKey: ['catalogue', 'workflow-transitions'],
    queryFn: () => api.get<WorkflowTransitionEntry[]>('/workflows/transitions'),
    staleTime: 300_000,
  });
  return {
    menus: menus.data ?? [],
    entities: entities.data ?? [],
    options: options.data ?? [],
    nodes: nodes.data ?? [],
    transitions: transitions.data ?? [],
    loading: menus.isLoading || entities.isLoading || options.isLoading || nodes.isLoading || transitions.isLoading,
  };
}
