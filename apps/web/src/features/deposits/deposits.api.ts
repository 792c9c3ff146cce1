import type { DepositCreateInput, DepositRecord, DepositUpdateInput, DepositUsage, OwnerDeposits } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const DEPOSIT_LIST_PATH = '/deposit';
export const DEPOSIT_CSV_PATH = '/deposit/csv';

/** Whose deposits a block shows: an order (its own and its market's for any order) or a market (all). */
export type DepositOwner = { orderId: number } | { marketId: number };

export function ownerPath(owner: DepositOwner): string {
  return 'orderId' in owner ? `/order/${owner.orderId}` : `/market/${owner.marketId}`;
}

export function ownerDepositsKey(owner: DepositOwner): readonly unknown[] {
  return ['deposits', ownerPath(owner)];
}

/** Every cached deposit query (the list, the blocks, the usage maps): refreshed after a change. */
export const DEPOSITS_KEY = ['deposits'] as const;

export function useOwnerDeposits(owner: DepositOwner, enabled = true) {
  return useQuery({
    queryKey: ownerDepositsKey(owner),
    queryFn: () => api.get<OwnerDeposits>(`${ownerPath(owner)}/deposits`),
    enabled,
  });
}

export function useDepositUsages(depositId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...DEPOSITS_KEY, depositId, 'attachements'],
    queryFn: () => api.get<DepositUsage[]>(`/deposit/${depositId}/attachements`),
    enabled,
  });
}

export function addDeposit(owner: DepositOwner, payload: DepositCreateInput): Promise<{ success: boolean; id: number }> {
  return api.post(`${ownerPath(owner)}/deposit`, payload);
}

export function updateDeposit(
  id: number,
  payload: DepositUpdateInput,
): Promise<{ success: boolean; id: number; record: DepositRecord }> {
  return api.put(`/deposit/${id}`, payload);
}
