import type { OrderPrestationLine } from '@isf/contract';
import { exportPathWithSort } from '../../../components/prestations/prestation-sort';
import { api, downloadByFormPost } from '../../../lib/api-client';
import type { OrderTemplateRecord } from '../../order-templates';

/** `ordered`: the order's lines (read mode); `all`: every prestation of its BPU (edit mode). */
export type OrderPrestationsScope = 'ordered' | 'all';

/** The prestation lines of an order, under any scope and sort (a prefix of each one's key). */
export function orderPrestationsKey(
  orderId: number,
  options?: { scope: OrderPrestationsScope; sort: string; reloadKey: number },
): readonly unknown[] {
  return options === undefined ? ['order', orderId, 'prestations'] : ['order', orderId, 'prestations', options];
}

/** GET /order/{id}/prestations; without a sort, the spec's default order (parent category, category, designation). */
export function fetchOrderPrestations(
  orderId: number,
  scope: OrderPrestationsScope,
  sort: string,
): Promise<OrderPrestationLine[]> {
  return api.get<OrderPrestationLine[]>(`/order/${orderId}/prestations`, {
    query: {
      sort: sort || undefined,
      displayAll: scope === 'all' ? true : undefined,
      onlyOrdered: scope === 'ordered' ? true : undefined,
    },
  });
}

/**
 * The prestations of the order template chosen in the edit form (it may differ from the saved one, which
 * the lines already flag). Silent: without the right on order templates the tab just shows every line.
 */
export async function fetchTemplatePrestations(templateId: number): Promise<number[]> {
  const template = await api.get<OrderTemplateRecord>(`/orderTemplate/${templateId}`, { silent: true });
  return template.prestations;
}

/** POST /order/{id}/export?sort=: the CSV of every prestation of the BPU, in the table's sort (form post). */
export function exportOrderPrestations(orderId: number, sort: string): void {
  downloadByFormPost(exportPathWithSort(`/order/${orderId}/export`, sort), {});
}
