import type { MarketRecord } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';

type Reply<Record = unknown> = { success: boolean; id: number; record?: Record };

export const MARKET_CSV_PATH = '/markets/csv';

export function agencyMarketsPath(agencyId: number): string {
  return `/agency/${agencyId}/markets`;
}

export function createMarket(payload: unknown): Promise<Reply> {
  return api.post<Reply>('/market/create', payload);
}

export function updateMarket(id: number, payload: unknown): Promise<Reply<MarketRecord>> {
  return api.put<Reply<MarketRecord>>(`/market/${id}`, payload);
}

export function deleteMarket(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/market/${id}/delete`);
}

export function setMarketActive(id: number, active: boolean): Promise<MarketRecord> {
  return api.put<MarketRecord>(`/market/${id}/${active ? 'activate' : 'deactivate'}`);
}

export function enableAllEvaluations(agencyId: number, toEvaluate: boolean): Promise<{ success: boolean; count: number }> {
  return api.put<{ success: boolean; count: number }>(
    `/agency/${agencyId}/enable-all-evaluations?toEvaluate=${toEvaluate ? 1 : 0}`,
  );
}

type NamedRow = { id: number; name: string };

/** Payment types and terms of the selects, asked only with the read right on them. */
export function usePaymentChoices(kind: 'payment_type' | 'payment_term') {
  const { can } = useAuth();
  return useQuery({
    queryKey: [kind, 'choices'],
    queryFn: async () => (await api.get<{ content: NamedRow[] }>(`/${kind}s?size=200&sort=name,asc`)).content,
    enabled: can(kind, 'read'),
    staleTime: 60_000,
  });
}
