import type { BpuPrestationLine } from '@isf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { usePrestationSort } from '../../components/prestations/prestation-sort';
import type { CostEdits } from './bpu-prices';
import { bpuPrestationsKey, fetchBpuPrestations } from './bpus.api';

/**
 * The price lines of a BPU detail: fetched in the table's sort, with the costs typed in edit mode kept
 * by prestation (they survive a sort change and are dropped on save or cancel).
 */
export function useBpuPrices(bpuId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const { sort, sortable, onChange } = usePrestationSort<BpuPrestationLine>();
  const query = useQuery({
    queryKey: bpuPrestationsKey(bpuId, sort),
    queryFn: () => fetchBpuPrestations(bpuId, sort),
    enabled,
    placeholderData: keepPreviousData,
  });
  const [edits, setEdits] = useState<CostEdits>({});

  return {
    sort,
    sortable,
    onChange,
    lines: query.data ?? [],
    loading: query.isLoading,
    edits,
    setCost: useCallback((prestation: number, cost: string) => setEdits((current) => ({ ...current, [prestation]: cost })), []),
    /** Forgets the typed costs and reloads the saved ones (every sort). */
    reset: useCallback(async () => {
      setEdits({});
      await queryClient.invalidateQueries({ queryKey: bpuPrestationsKey(bpuId) });
    }, [queryClient, bpuId]),
  };
}

export type BpuPrices = ReturnType<typeof useBpuPrices>;
