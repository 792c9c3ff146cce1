import type { WarrantyDateType } from '@isf/contract';
import { api } from '../../lib/api-client';

export const WARRANTY_LIST_PATH = '/orders/warranties';
/** Spec 2 §7: the download's objectName is orders/warranties. */
export const WARRANTY_CSV_PATH = '/orders/warranties/csv';

/** The screen's criteria (spec 2 Order warranties): id lists and the two checkboxes. */
export type WarrantyCriteriaValues = {
  projects: number[];
  markets: number[];
  subprojects: number[];
  imputations: number[];
  hideEmptyRg: boolean;
  hideErp: boolean;
};

/** Spec 2 §9: hide-empty-RG on, hide-ERP off. */
export const DEFAULT_WARRANTY_CRITERIA: WarrantyCriteriaValues = {
  projects: [],
  markets: [],
  subprojects: [],
  imputations: [],
  hideEmptyRg: true,
  hideErp: false,
};

/** The criteria as query parameters, sent with every page and with the CSV download. */
export function warrantyQuery(criteria: WarrantyCriteriaValues): Record<string, string> {
  const query: Record<string, string> = { hideEmptyRg: String(criteria.hideEmptyRg), hideErp: String(criteria.hideErp) };
  for (const key of ['projects', 'markets', 'subprojects', 'imputations'] as const) {
    if (criteria[key].length > 0) {
      query[key] = criteria[key].join(',');
    }
  }
  return query;
}

/** Spec 2 §5 Warranty date save: disabled when no date is chosen or no order is selected. */
export function warrantySaveDisabled(date: string | null | undefined, selectedCount: number): boolean {
  return !date || selectedCount === 0;
}

/** PUT /orders: the selected orders, each with the chosen date under the chosen type. */
export function warrantyDatesPayload(ids: readonly number[], dateType: WarrantyDateType, date: string) {
  return ids.map((id) => ({ id, [dateType]: date }));
}

export function saveWarrantyDates(
  payload: ReturnType<typeof warrantyDatesPayload>,
): Promise<{ success: boolean; count: number }> {
  return api.put('/orders', payload);
}
