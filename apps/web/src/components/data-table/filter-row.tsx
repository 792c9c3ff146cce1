import { FILTER_NULL } from '@isf/contract';
import { Input, Tag } from 'antd';
import { createContext, type HTMLAttributes, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isNullFilter } from './table-change';

/** One cell of the filter row: a column that can be filtered by text, or an empty cell. */
export type FilterCell = { key: string; title?: string; filterable: boolean };

type FilterRowState = {
  cells: FilterCell[];
  values: Record<string, string>;
  onType: (column: string, value: string) => void;
  onClear: (column: string) => void;
};

const FilterRowContext = createContext<FilterRowState | null>(null);

export function FilterRowProvider({ value, children }: { value: FilterRowState; children: ReactNode }) {
  return <FilterRowContext.Provider value={value}>{children}</FilterRowContext.Provider>;
}

function FilterInput({ column, title }: { column: string; title?: string }) {
  const { t } = useTranslation();
  const state = useContext(FilterRowContext);
  if (!state) {
    return null;
  }
  const value = state.values[column] ?? '';
  if (isNullFilter(value)) {
    return (
      <Tag closable color="blue" onClose={() => state.onClear(column)}>
        {value === FILTER_NULL ? t('table.filterNull') : t('table.filterNotNull')}
      </Tag>
    );
  }
  return (
    <Input
      size="small"
      allowClear
      value={value}
      placeholder={t('table.filterPlaceholder')}
      aria-label={t('table.filterOn', { column: title ?? column })}
      onChange={(event) => state.onType(column, event.target.value)}
    />
  );
}

const PINNED_CLASSES = [
  'ant-table-cell-fix',
  'ant-table-cell-fix-start',
  'ant-table-cell-fix-start-shadow',
  'ant-table-cell-fix-start-shadow-show',
];
const PINNED_STYLES = ['inset-inline-start', '--z-offset', '--z-offset-reverse'];

/**
 * Pins the filter cells under the pinned titles: the table computes where its pinned columns stick (from
 * their measured widths) for the rows it draws, not for this row; each filter cell takes the position of
 * the title above it.
 */
function pinLikeTitles(head: HTMLTableSectionElement): void {
  const titles = head.rows[0];
  const filters = head.querySelector<HTMLTableRowElement>(':scope > tr.isf-filter-row');
  if (!titles || !filters) {
    return;
  }
  Array.from(filters.cells).forEach((cell, index) => {
    const title = titles.cells[index];
    for (const name of PINNED_CLASSES) {
      cell.classList.toggle(name, title?.classList.contains(name) ?? false);
    }
    for (const name of PINNED_STYLES) {
      const value = title?.style.getPropertyValue(name) ?? '';
      if (cell.style.getPropertyValue(name) !== value) {
        cell.style.setProperty(name, value);
      }
    }
  });
}

/**
 * The table head with a row of text filters under the titles. It is a stable component reading its
 * state from context, so the inputs keep their focus while the user types.
 */
export function HeaderWithFilters(props: HTMLAttributes<HTMLTableSectionElement>) {
  const { children, ...rest } = props;
  const state = useContext(FilterRowContext);
  const head = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    const element = head.current;
    const titles = element?.rows[0];
    if (!element || !titles) {
      return;
    }
    pinLikeTitles(element);
    // the table sets the titles' positions once it has measured the columns, without drawing this row again
    const observer = new MutationObserver(() => pinLikeTitles(element));
    observer.observe(titles, { subtree: false, childList: true, attributes: true, attributeFilter: ['style', 'class'] });
    for (const cell of Array.from(titles.cells)) {
      observer.observe(cell, { attributes: true, attributeFilter: ['style', 'class'] });
    }
    return () => observer.disconnect();
  });
  return (
    <thead ref={head} {...rest}>
      {children}
      {state ? (
        <tr className="isf-filter-row">
          {state.cells.map((cell) => (
            <th key={cell.key} className="ant-table-cell isf-filter-cell">
              {cell.filterable ? <FilterInput column={cell.key} title={cell.title} /> : null}
            </th>
          ))}
        </tr>
      ) : null}
    </thead>
  );
}
