import { FILTER_NULL } from '@isf/contract';
import { Input, Tag } from 'antd';
import { createContext, type HTMLAttributes, type ReactNode, useContext } from 'react';
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

/**
 * The table head with a row of text filters under the titles. It is a stable component reading its
 * state from context, so the inputs keep their focus while the user types.
 */
export function HeaderWithFilters(props: HTMLAttributes<HTMLTableSectionElement>) {
  const { children, ...rest } = props;
  const state = useContext(FilterRowContext);
  return (
    <thead {...rest}>
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
