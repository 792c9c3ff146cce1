import { FILTER_NOT_NULL, FILTER_NULL, type ListFilters, type SortDirection, toListWire } from '@isf/contract';
import type { Key } from 'react';

/**
 * The glue between Ant Design's `Table.onChange` (sorter, column filters) and the list query of the
 * server, in one tested place (STYLE.md, refine's antd table definitions).
 */
export type ListSort = { column: string; direction: SortDirection };

export type NullFilter = typeof FILTER_NULL | typeof FILTER_NOT_NULL;

/** The part of antd's `SorterResult` this mapping reads. */
export type TableSorter = { columnKey?: Key; field?: Key | readonly Key[]; order?: 'ascend' | 'descend' | null };

/** antd's column filter state: the chosen values per column key, null when none. */
export type TableFilterState = Record<string, readonly (Key | boolean)[] | null>;

/**
 * The list state as the user sees it: pages are 1-based here and zero-based on the wire. `summary`: the
 * list shows a totals row, asked in a request of its own (`totalsWire`).
 */
export type ListState = { page: number; size: number; sort: ListSort; filters: ListFilters; summary: boolean };

export function isNullFilter(value: unknown): value is NullFilter {
  return value === FILTER_NULL || value === FILTER_NOT_NULL;
}

function sorterColumn(sorter: TableSorter): string | undefined {
  if (sorter.columnKey !== undefined) {
    return String(sorter.columnKey);
  }
  if (Array.isArray(sorter.field)) {
    return sorter.field.join('.');
  }
  return sorter.field === undefined ? undefined : String(sorter.field);
}

/** The sort asked by the table; a sort cancelled by the third click falls back to the list's default. */
export function sortFromSorter(sorter: TableSorter | readonly TableSorter[], defaultSort: ListSort): ListSort {
  const sorters: readonly TableSorter[] = Array.isArray(sorter) ? sorter : [sorter as TableSorter];
  for (const candidate of sorters) {
    const column = sorterColumn(candidate);
    if (column && candidate.order) {
      return { column, direction: candidate.order === 'descend' ? 'desc' : 'asc' };
    }
  }
  return defaultSort;
}

/** The sort indicator antd shows on a column. */
export function sortOrderOf(sort: ListSort, column: string): 'ascend' | 'descend' | null {
  if (sort.column !== column) {
    return null;
  }
  return sort.direction === 'desc' ? 'descend' : 'ascend';
}

/**
 * Applies the null / not-null choices of the columns' filter menus: a chosen marker replaces the
 * column's text filter, clearing the menu removes the marker and leaves a text filter alone.
 */
export function filtersFromTable(current: ListFilters, tableFilters: TableFilterState): ListFilters {
  const next: ListFilters = { ...current };
  for (const [column, values] of Object.entries(tableFilters)) {
    const chosen = values?.[0];
    if (isNullFilter(chosen)) {
      next[column] = chosen;
    } else if (isNullFilter(next[column])) {
      delete next[column];
    }
  }
  return next;
}

export function tableChangeToQuery(
  current: { sort: ListSort; filters: ListFilters },
  change: { sorter: TableSorter | readonly TableSorter[]; filters: TableFilterState },
  defaultSort: ListSort,
): { sort: ListSort; filters: ListFilters } {
  return { sort: sortFromSorter(change.sorter, defaultSort), filters: filtersFromTable(current.filters, change.filters) };
}

/**
 * The wire form of a page of the list (`page` zero-based), without the totals: a page never waits for
 * the sums of the whole list (they come with `totalsWire`).
 */
export function listStateToWire(state: ListState): Record<string, string> {
  return toListWire({
    page: Math.max(0, state.page - 1),
    size: state.size,
    sort: state.sort,
    filters: state.filters,
  });
}

/**
 * The wire form of the totals row's request: the filters and `summary=only` (no page, size nor sort: the
 * totals do not change with them, so paging or sorting does not ask them again).
 */
export function totalsWire(filters: ListFilters): Record<string, string> {
  const { page: _page, size: _size, ...wire } = toListWire({ filters, summary: 'only' });
  return wire;
}

/** The fields of the CSV form post: the same query plus the selected ids (spec 1 §7). */
export function csvFormFields(state: ListState, selectedIds: readonly Key[]): Record<string, string> {
  const wire = listStateToWire(state);
  return { ...wire, filters: wire.filters ?? '{}', ids: selectedIds.map(String).join(',') };
}
