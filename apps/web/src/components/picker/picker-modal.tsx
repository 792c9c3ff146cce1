import { type ListFilters, PICKER_PAGE_SIZE } from '@isf/contract';
import { Modal } from 'antd';
import { type DataColumn, DataTable } from '../data-table/data-table';
import type { ListSort } from '../data-table/table-change';
import { useListController } from '../data-table/use-list-controller';

type PickerModalProps<Row extends { id: number }> = {
  title: string;
  listName: string;
  listPath: string;
  columns: DataColumn<Row>[];
  defaultSort?: ListSort;
  fixedFilters?: Readonly<ListFilters>;
  onPick: (row: Row) => void;
  onCancel: () => void;
};

/** The selection modal of a picker: the generic table, 15 rows a page, a click picks the row. */
export function PickerModal<Row extends { id: number }>(props: PickerModalProps<Row>) {
  const { title, listName, listPath, columns, defaultSort, fixedFilters, onPick, onCancel } = props;
  const controller = useListController<Row>({
    listName,
    path: listPath,
    defaultSort,
    defaultPageSize: PICKER_PAGE_SIZE,
    pageSizeOptions: [],
    fixedFilters,
  });
  return (
    <Modal open title={title} width={900} footer={null} onCancel={onCancel}>
      <DataTable controller={controller} columns={columns} selectable={false} onRowClick={onPick} />
    </Modal>
  );
}
