import type { OrderCreateInput, OrderTemplateRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';

export const ORDER_CSV_PATH = '/orders/csv';
/** The order workflow's code (its node screens offer the three filters). */
export const ORDER_WORKFLOW_CODE = 'service_order';

export function createOrder(payload: OrderCreateInput): Promise<{ success: boolean; id: number }> {
  return api.post<{ success: boolean; id: number }>('/order/create', payload);
}

/** The order templates of a BPU template (the creation modal's choices), asked only with the read right. */
export function useBpuTemplateOrderTemplates(bpuTemplateId: number | null) {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['orderTemplates', 'of-bpu-template', bpuTemplateId],
    queryFn: async () =>
      (
        await api.get<{ content: OrderTemplateRow[] }>('/orderTemplates', {
          query: { size: 200, sort: 'name,asc', filters: JSON.stringify({ bpuTemplateId: String(bpuTemplateId) }) },
        })
      ).content,
    enabled: bpuTemplateId !== null && can('os_template', 'read'),
  });
}
