import type { TableProps } from 'antd';
import { useState } from 'react';

type SortOrder = 'ascend' | 'descend' | null;
type Sorter = { columnKey?: unknown; order?: SortOrder };

/**
 * The server-side sort of a prestation table (template, BPU): empty means the spec's default (parent
 * category, category, designation); a click on a sortable header asks `column,asc|desc`.
 */
export function usePrestationSort<Row>() {
  const [sort, setSort] = useState('');
  const [column, direction] = sort.split(',');

  /** The columns with their sorter and the current indicator (columns without a key stay as they are). */
  function sortable<Column extends { key?: unknown; sorter?: unknown }>(columns: Column[]): Column[] {
    return columns.map((item) =>
      typeof item.key === 'string' && item.sorter !== false
        ? {
            ...item,
            sorter: true,
            sortOrder: (column === item.key ? (direction === 'desc' ? 'descend' : 'ascend') : null) as SortOrder,
          }
        : item,
    );
  }

  const onChange: NonNullable<TableProps<Row>['onChange']> = (_pagination, _filters, sorter) => {
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as Sorter | undefined;
    if (!single?.order || typeof single.columnKey !== 'string') {
      setSort('');
      return;
    }
    setSort(`${single.columnKey},${single.order === 'descend' ? 'desc' : 'asc'}`);
  };

  return { sort, sortable, onChange };
}

/** A prestation table's export path, with the table's sort when there is one. */
export function exportPathWithSort(path: string, sort: string): string {
  return `${path}${sort ? `?sort=${encodeURIComponent(sort)}` : ''}`;
}
