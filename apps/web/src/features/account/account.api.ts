import type { DelegationRecord, DelegationUser } from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type MyDelegations = { given: DelegationRecord[]; received: DelegationRecord[] };

const DELEGATIONS_KEY = ['delegations'] as const;

/** The delegations the signed-in profile gave and received (spec 3 §7 /delegation/my-delegations). */
export function useMyDelegations() {
  return useQuery({
    queryKey: [...DELEGATIONS_KEY, 'mine'],
    queryFn: () => api.get<MyDelegations>('/delegation/my-delegations'),
  });
}

/** Every delegation (administrators of delegations only). */
export function useAllDelegations(enabled: boolean) {
  return useQuery({
    queryKey: [...DELEGATIONS_KEY, 'all'],
    queryFn: () => api.get<DelegationRecord[]>('/delegation/all'),
    enabled,
  });
}

/** The people one may delegate to, narrowed by a search (at most 100 by name). */
export function useDelegationUsers(search: string, enabled = true) {
  return useQuery({
    queryKey: [...DELEGATIONS_KEY, 'users', search],
    queryFn: () => api.get<DelegationUser[]>('/delegation/users', { query: { search: search || undefined } }),
    enabled,
    staleTime: 30_000,
  });
}

export function createDelegation(payload: unknown): Promise<{ success: boolean; id: number }> {
  return api.post<{ success: boolean; id: number }>('/delegation/create', payload);
}

export function deleteDelegation(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/delegation/${id}`);
}

/** Reloads every delegation list after a change. */
export function useRefreshDelegations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DELEGATIONS_KEY });
}
