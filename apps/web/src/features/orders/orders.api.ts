import type { OrderCreateInput, OrderOracleStatus } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import type { OrderTemplateRow } from '../order-templates/order-templates.api';

/** A row of the order list (`GET /orders`, spec 2 /sst/orders). */
export type OrderRow = {
  id: number;
  reference: string;
  name: string;
  marketId: number;
  marketEdifice: string;
  contractNumber: string | null;
  agencyId: number;
  agencyName: string;
  projectId: number;
  projectName: string;
  projectType: string | null;
  mainClient: string | null;
  clientMarket: string | null;
  clientBdc: string | null;
  oscarSubProjectName: string | null;
  arcgisName: string | null;
  nroName: string | null;
  offerIdPm: string | null;
  imputationEotp: string | null;
  oracleProjectName: string | null;
  oracleTaskName: string | null;
  oracleStatus: OrderOracleStatus;
  followerId: number | null;
  followerName: string | null;
  creatorName: string | null;
  total: string;
  totalTTC: string;
  endDate: string | null;
  deliveryDate: string | null;
  releaseDate: string | null;
  nodeId: number | null;
  nodeName: string | null;
  nodeCode: string | null;
  createdAt: string;
};

export const ORDER_LIST_PATH = '/orders';
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
