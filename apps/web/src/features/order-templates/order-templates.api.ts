import type { OrderTemplateTree, orderTemplateCreateSchema, orderTemplateUpdateSchema } from '@isf/contract';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';

/** An order template with its selected prestation ids and the prestation tree of its BPU template. */
export type OrderTemplateRecord = {
  id: number;
  version: number;
  name: string;
  bpuTemplate: number;
  bpuTemplateName: string;
  prestations: number[];
  tree: OrderTemplateTree;
};

export type OrderTemplateCreate = ReturnType<typeof orderTemplateCreateSchema.parse>;
export type OrderTemplateUpdate = ReturnType<typeof orderTemplateUpdateSchema.parse>;

export const ORDER_TEMPLATE_LIST_PATH = '/orderTemplates';
export const ORDER_TEMPLATE_CSV_PATH = '/orderTemplate/csv';

export function orderTemplateQueryKey(id: number): readonly unknown[] {
  return ['orderTemplate', id];
}

export function fetchOrderTemplate(id: number): Promise<OrderTemplateRecord> {
  return api.get<OrderTemplateRecord>(`/orderTemplate/${id}`);
}

export function createOrderTemplate(payload: OrderTemplateCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/orderTemplate/create', payload);
}

export function updateOrderTemplate(id: number, payload: OrderTemplateUpdate): Promise<UpdateReply<OrderTemplateRecord>> {
  return api.put<UpdateReply<OrderTemplateRecord>>(`/orderTemplate/${id}`, payload);
}

export function deleteOrderTemplate(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/orderTemplate/${id}/delete`);
}
