import type { MarketBpu, MarketRecord } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';

/**
 * A market and its BPUs as the screens read them: the market's own screen, and an order's creation once
 * its market is picked (the market's figures and the BPU to choose), one cache entry for both.
 */
export function marketQueryKey(id: number): readonly unknown[] {
  return ['market', id];
}

export function fetchMarket(id: number): Promise<MarketRecord> {
  return api.get<MarketRecord>(`/market/${id}`);
}

export function useMarketBpus(marketId: number) {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['market', marketId, 'bpus'],
    queryFn: () => api.get<MarketBpu[]>(`/market/${marketId}/bpus`),
    enabled: marketId > 0 && can('bpu_sst', 'read'),
    // BPUs are attached from the BPU screens: read them again whenever the market opens
    staleTime: 0,
  });
}
