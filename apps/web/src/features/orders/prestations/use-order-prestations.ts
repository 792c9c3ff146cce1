import type { OrderLineInput, OrderPrestationLine } from '@isf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useLineEdits, useReportLines } from '../../../components/prestations/use-line-edits';
import { useAuth } from '../../../lib/auth-store';
import {
  type ColumnSort,
  filterRows,
  linesToSend,
  numberRows,
  orderTotals,
  serverSort,
  sortRows,
  toRows,
  visibleLines,
} from './order-prestation-lines';
import { fetchOrderPrestations, fetchTemplatePrestations, orderPrestationsKey } from './order-prestations.api';

export type UseOrderPrestationsOptions = {
  orderId: number;
  editing: boolean;
  savedTemplateId: number | null;
  templateId: number | null;
  onLinesChange: (lines: OrderLineInput[]) => void;
  reloadKey: number;
};

/**
 * The state of an order's Prestations tab: the lines (read mode: the ordered ones; edit mode: every
 * prestation of the BPU, narrowed here by the order template chosen in the form), the server sort, the
 * quantities typed (kept by prestation across sorts and filters, dropped on leaving edit mode or reload)
 * and the column filters of edit mode.
 */
export function useOrderPrestations(options: UseOrderPrestationsOptions) {
  const { orderId, editing, savedTemplateId, templateId, reloadKey } = options;
  const { can } = useAuth();
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const [filters, setFilters] = useState<Readonly<Record<string, string>>>({});
  const { edits, setQuantity, displayAll, setDisplayAll } = useLineEdits(editing, reloadKey, () => setFilters({}));

  const scope = editing ? 'all' : 'ordered';
  const sortQuery = serverSort(sort);
  const query = useQuery({
    queryKey: orderPrestationsKey(orderId, { scope, sort: sortQuery, reloadKey }),
    queryFn: () => fetchOrderPrestations(orderId, scope, sortQuery),
    placeholderData: keepPreviousData,
  });

  const templateChanged = editing && templateId !== savedTemplateId;
  const readsTemplate = templateChanged && templateId !== null && can('os_template', 'read');
  const template = useQuery({
    queryKey: ['orderTemplate', templateId, 'prestationIds'],
    queryFn: () => fetchTemplatePrestations(templateId ?? 0),
    enabled: readsTemplate,
    retry: false,
  });
  const templateUnreadable = templateChanged && templateId !== null && (!readsTemplate || template.isError);

  const inTemplate = useMemo((): ((line: OrderPrestationLine) => boolean) | null => {
    if (templateId === null || templateUnreadable) {
      return null;
    }
    if (templateId === savedTemplateId) {
      return (line) => line.isInTemplate;
    }
    const chosen = new Set(template.data ?? []);
    return (line) => chosen.has(line.prestation);
  }, [templateId, savedTemplateId, templateUnreadable, template.data]);

  const ready = query.data !== undefined && !query.isPlaceholderData;
  const shownFilters = useDeferredValue(filters);
  const rows = useMemo(() => {
    const visible = visibleLines(query.data ?? [], { editing, edits, displayAll, inTemplate });
    const filtered = editing ? filterRows(toRows(visible, edits), shownFilters) : toRows(visible, edits);
    return numberRows(sortRows(filtered, sort));
  }, [query.data, editing, edits, displayAll, inTemplate, shownFilters, sort]);
  // The footer totals the whole order, whatever the filters narrow.
  const totals = useMemo(() => orderTotals(toRows(query.data ?? [], edits)), [query.data, edits]);

  const toSend = useMemo(() => linesToSend(query.data ?? [], edits), [query.data, edits]);
  useReportLines(options.onLinesChange, editing, ready, toSend);

  return {
    rows,
    totals,
    sort,
    setSort,
    sortQuery,
    edits,
    setQuantity,
    filters,
    setFilter: useCallback((column: string, value: string) => setFilters((current) => ({ ...current, [column]: value })), []),
    displayAll,
    setDisplayAll,
    hasTemplate: inTemplate !== null,
    templateChanged,
    templateUnreadable,
    loading: query.isLoading || (readsTemplate && template.isLoading),
  };
}

export type OrderPrestationsController = ReturnType<typeof useOrderPrestations>;
