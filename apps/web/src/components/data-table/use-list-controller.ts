import {
  FILTER_DEBOUNCE_MS,
  type ListFilters,
  type ListReply,
  type ListTotalsReply,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
} from '@isf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api-client';
import { compactFilters, loadFilters, saveFilters } from './filter-storage';
import { lastPageOf } from './pagination-window';
import {
  type ListSort,
  type ListState,
  listStateToWire,
  type TableFilterState,
  type TableSorter,
  tableChangeToQuery,
  totalsWire,
} from './table-change';

export type ListControllerOptions = {
  /** Key under which the list's filters are remembered. */
  listName: string;
  /** API path of the list, relative to /api. */
  path: string;
  defaultSort?: ListSort;
  defaultPageSize?: number;
  /** Page sizes the user may choose; empty for none. */
  pageSizeOptions?: readonly number[];
  /** Show the totals row: asked in a second request once the first page shows. */
  summary?: boolean;
  /** Parameters sent with every page besides the list state (a list's own criteria, e.g. `roles=1,2`). */
  extraQuery?: Readonly<Record<string, string>>;
  /** Column filters always applied, neither shown nor cleared (a detail tab listing one parent's rows). */
  fixedFilters?: Readonly<ListFilters>;
};

export type ListController<Row> = {
  listName: string;
  path: string;
  state: ListState;
  /** What every request adds to the state (extra parameters, fixed filters): the CSV export sends it too. */
  extraQuery: Readonly<Record<string, string>>;
  fixedFilters: Readonly<ListFilters>;
  defaultSort: ListSort;
  pageSizeOptions: readonly number[];
  /** What the filter inputs show; applied to `state.filters` after the debounce. */
  filterInputs: ListFilters;
  rows: Row[];
  totalElements: number;
  /** The server stopped counting at `totalElements`: more rows match ("plus de 10 000"). */
  totalCapped: boolean;
  /** The last page, or when the count is capped the last one known to exist (the real one is further). */
  lastPage: number;
  summary: Record<string, string> | undefined;
  /** The totals row is being computed. */
  summaryLoading: boolean;
  /** The server gave up computing the totals (too long): the row shows none. */
  summaryTimedOut: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  selectedKeys: Key[];
  setSelectedKeys: (keys: Key[]) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** A typed filter value, applied after FILTER_DEBOUNCE_MS of inactivity. */
  setFilterInput: (column: string, value: string) => void;
  /** A filter value applied at once (null / not-null menus, clear buttons). */
  setFilter: (column: string, value: string) => void;
  clearFilters: () => void;
  onTableChange: (sorter: TableSorter | readonly TableSorter[], filters: TableFilterState) => void;
  refetch: () => void;
};

export const DEFAULT_SORT: ListSort = { column: 'id', direction: 'asc' };

/** The query key prefix of a list, for invalidating it after a mutation. */
export function listQueryKey(path: string): readonly unknown[] {
  return ['list', path];
}

function sameFilters(left: ListFilters, right: ListFilters): boolean {
  return JSON.stringify(compactFilters(left)) === JSON.stringify(compactFilters(right));
}

/**
 * Owns a list's state (page, size, sort, filters, selection) and its fetching, apart from the view
 * that renders it (react-admin's list controller).
 */
export function useListController<Row>(options: ListControllerOptions): ListController<Row> {
  const { listName, path, summary = false } = options;
  const defaultSort = options.defaultSort ?? DEFAULT_SORT;
  const pageSizeOptions = options.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const [page, setPageState] = useState(1);
  const [size, setSize] = useState(options.defaultPageSize ?? PAGE_SIZE_DEFAULT);
  const [sort, setSort] = useState<ListSort>(defaultSort);
  const [filters, setFilters] = useState<ListFilters>(() => loadFilters(listName));
  const [filterInputs, setFilterInputs] = useState<ListFilters>(() => loadFilters(listName));
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const inputsRef = useRef<ListFilters>(filterInputs);
  const filtersRef = useRef<ListFilters>(filters);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const state: ListState = useMemo(() => ({ page, size, sort, filters, summary }), [page, size, sort, filters, summary]);
  const extraQueryKey = JSON.stringify(options.extraQuery ?? {});
  const fixedFiltersKey = JSON.stringify(options.fixedFilters ?? {});
  const extraQuery = useMemo(() => JSON.parse(extraQueryKey) as Record<string, string>, [extraQueryKey]);
  const fixedFilters = useMemo(() => JSON.parse(fixedFiltersKey) as ListFilters, [fixedFiltersKey]);
  const wire = useMemo(
    () => ({ ...extraQuery, ...listStateToWire({ ...state, filters: { ...state.filters, ...fixedFilters } }) }),
    [state, extraQuery, fixedFilters],
  );

  const query = useQuery<ListReply<Row>>({
    queryKey: [...listQueryKey(path), wire],
    queryFn: ({ signal }) => api.get<ListReply<Row>>(path, { query: wire, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // The totals row: its own request, sent once the list has shown a page, and again only when the
  // filters change (not the page, the size or the sort), so that no page waits for sums over the list.
  const summaryWire = useMemo(
    () => ({ ...extraQuery, ...totalsWire({ ...filters, ...fixedFilters }) }),
    [extraQuery, filters, fixedFilters],
  );
  const totals = useQuery<ListTotalsReply>({
    queryKey: [...listQueryKey(path), 'totals', summaryWire],
    queryFn: ({ signal }) => api.get<ListTotalsReply>(path, { query: summaryWire, signal }),
    enabled: summary && query.data !== undefined,
    retry: false,
  });

  const applyFilters = useCallback(
    (next: ListFilters) => {
      clearTimeout(timer.current);
      inputsRef.current = next;
      setFilterInputs(next);
      if (sameFilters(next, filtersRef.current)) {
        return;
      }
      const compact = compactFilters(next);
      filtersRef.current = compact;
      setFilters(compact);
      setPageState(1);
      saveFilters(listName, compact);
    },
    [listName],
  );

  const setFilterInput = useCallback(
    (column: string, value: string) => {
      const next = { ...inputsRef.current, [column]: value };
      inputsRef.current = next;
      setFilterInputs(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => applyFilters(inputsRef.current), FILTER_DEBOUNCE_MS);
    },
    [applyFilters],
  );

  const setFilter = useCallback(
    (column: string, value: string) => applyFilters({ ...inputsRef.current, [column]: value }),
    [applyFilters],
  );

  const onTableChange = useCallback(
    (sorter: TableSorter | readonly TableSorter[], tableFilters: TableFilterState) => {
      const next = tableChangeToQuery({ sort, filters: inputsRef.current }, { sorter, filters: tableFilters }, defaultSort);
      if (next.sort.column !== sort.column || next.sort.direction !== sort.direction) {
        setSort(next.sort);
        setPageState(1);
      }
      applyFilters(next.filters);
    },
    [sort, defaultSort, applyFilters],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const totalElements = query.data?.totalElements ?? 0;
  const totalCapped = query.data?.totalCapped === true;
  // capped: more than totalElements rows, so at least the page holding the next one
  const lastPage = totalCapped ? Math.floor(totalElements / size) + 1 : lastPageOf(totalElements, size);

  useEffect(() => {
    // After a deletion or a narrower filter the current page may no longer exist.
    if (query.data && !query.isPlaceholderData && page > lastPage) {
      setPageState(lastPage);
    }
  }, [query.data, query.isPlaceholderData, page, lastPage]);

  return {
    listName,
    path,
    state,
    extraQuery,
    fixedFilters,
    defaultSort,
    pageSizeOptions,
    filterInputs,
    rows: query.isError ? [] : (query.data?.content ?? []),
    totalElements,
    totalCapped,
    lastPage,
    summary: query.isError || totals.isError ? undefined : totals.data?.summary,
    summaryLoading: summary && !query.isError && (totals.isPending || totals.isPlaceholderData),
    summaryTimedOut: totals.data?.summaryTimedOut === true,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    selectedKeys,
    setSelectedKeys,
    setPage: setPageState,
    setPageSize: (next: number) => {
      setSize(next);
      setPageState(1);
    },
    setFilterInput,
    setFilter,
    clearFilters: () => applyFilters({}),
    onTableChange,
    refetch: () => {
      void query.refetch();
      if (summary) {
        void totals.refetch();
      }
    },
  };
}
