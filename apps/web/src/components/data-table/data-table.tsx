import { ClearOutlined, DownloadOutlined, WarningOutlined } from '@ant-design/icons';
import { FILTER_NOT_NULL, FILTER_NULL } from '@isf/contract';
import { Button, Empty, Space, Spin, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import { type Key, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadByFormPost } from '../../lib/api-client';
import { type FilterCell, FilterRowProvider, HeaderWithFilters } from './filter-row';
import { ControllerPagination } from './list-pagination';
import { csvFormFields, isNullFilter, sortOrderOf } from './table-change';
import type { ListController } from './use-list-controller';
import './data-table.css';

export type DataColumn<Row> = {
  /** The column name on the wire (sort and filter key) and the row property shown by default. */
  key: string;
  title: string;
  render?: (row: Row, index: number) => ReactNode;
  sortable?: boolean;
  /** Text filter in the filter row. */
  filter?: boolean;
  /** Null / not-null menu in the column header. */
  nullFilter?: boolean;
  /** Shown in the totals row, from the totals request (`summary=only`) of the list controller. */
  summary?: boolean;
  renderSummary?: (value: string) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /**
   * The list's reference (the order's number, the attachment's reference...): shown first and pinned on
   * the left with the selection and number columns, so that a row stays named when the table is
   * scrolled sideways; the totals row's label is pinned with it. One column a list.
   */
  reference?: boolean;
};

export type DataTableProps<Row extends { id: Key }> = {
  controller: ListController<Row>;
  columns: DataColumn<Row>[];
  /** API path of the CSV export (relative to /api); no download button without it. */
  csvPath?: string;
  selectable?: boolean;
  numbered?: boolean;
  onRowClick?: (row: Row) => void;
  /** Buttons shown beside the CSV download. */
  toolbar?: ReactNode;
  /** A class for some rows (a row that must stand out, e.g. a market over its ceiling). */
  rowClassName?: (row: Row) => string;
  /**
   * The table takes its container's width and wraps its cells' words rather than being as wide as its
   * longest values (a narrow card): it scrolls sideways only when a cell's longest word does not fit.
   */
  fitWidth?: boolean;
};

const NUMBER_COLUMN = '__number';
const SELECTION_WIDTH = 32;
const headerComponents = { header: { wrapper: HeaderWithFilters } };

function cellValue(row: object, key: string): ReactNode {
  const value: unknown = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number'
    ? value
    : value === true || value === false
      ? String(value)
      : null;
}

/** The reference column first, the others in their order (a list without reference is left as it is). */
export function referenceFirst<Row>(columns: DataColumn<Row>[]): DataColumn<Row>[] {
  const reference = columns.find((column) => column.reference);
  return reference ? [reference, ...columns.filter((column) => column !== reference)] : columns;
}

/** The generic list table of spec 1 §2, rendering a list controller's state. */
export function DataTable<Row extends { id: Key }>(props: DataTableProps<Row>) {
  const { controller, csvPath, selectable = true, numbered = true, onRowClick, toolbar, rowClassName, fitWidth = false } = props;
  const { t } = useTranslation();
  const { state, filterInputs } = controller;
  const firstRowNumber = (state.page - 1) * state.size + 1;
  const columns = useMemo(() => referenceFirst(props.columns), [props.columns]);
  // the leading columns (selection, number) are pinned with the reference, none without one
  const pinned = columns[0]?.reference === true;

  const tableColumns = useMemo<TableColumnsType<Row>>(() => {
    const nullMenu = [
      { text: t('table.filterNull'), value: FILTER_NULL },
      { text: t('table.filterNotNull'), value: FILTER_NOT_NULL },
    ];
    const numberColumn: TableColumnsType<Row> = numbered
      ? [
          {
            key: NUMBER_COLUMN,
            title: '#',
            align: 'right',
            fixed: pinned ? 'start' : undefined,
            className: 'isf-number-cell',
            render: (_value, _row, index) => firstRowNumber + index,
          },
        ]
      : [];
    return [
      ...numberColumn,
      ...columns.map((column) => {
        const sortable = column.sortable ?? true;
        const nullFilter = column.nullFilter ?? true;
        const applied = state.filters[column.key];
        return {
          key: column.key,
          dataIndex: column.key,
          title: column.title,
          width: column.width,
          align: column.align,
          fixed: column.reference ? ('start' as const) : undefined,
          className: column.reference ? 'isf-reference-cell' : undefined,
          sorter: sortable,
          sortOrder: sortable ? sortOrderOf(state.sort, column.key) : undefined,
          filters: nullFilter ? nullMenu : undefined,
          filterMultiple: false,
          filteredValue: nullFilter ? (isNullFilter(applied) ? [applied] : null) : undefined,
          render: (_value: unknown, row: Row, index: number) =>
            column.render ? column.render(row, index) : cellValue(row, column.key),
        };
      }),
    ];
  }, [columns, numbered, pinned, firstRowNumber, state.filters, state.sort, t]);

  const filterCells: FilterCell[] = [
    ...(selectable ? [{ key: '__selection', filterable: false }] : []),
    ...(numbered ? [{ key: NUMBER_COLUMN, filterable: false }] : []),
    ...columns.map((column) => ({ key: column.key, title: column.title, filterable: column.filter ?? true })),
  ];

  // The totals row comes after the page: a spinner while the server sums the whole list, a dash with
  // the reason when it gave up (too long), nothing when the page itself failed.
  const hasSummary =
    columns.some((column) => column.summary) &&
    controller.state.summary &&
    !controller.isError &&
    (controller.summary !== undefined || controller.summaryLoading || controller.summaryTimedOut);
  // the label spans the leading columns, and the reference column when it has no total of its own
  const labelled = pinned && !columns[0]?.summary ? 1 : 0;
  const leadingCells = (selectable ? 1 : 0) + (numbered ? 1 : 0) + labelled;
  const summaryCell = (column: DataColumn<Row>): ReactNode => {
    if (!column.summary) {
      return null;
    }
    if (controller.summaryLoading) {
      return <Spin size="small" aria-label={t('table.totalsLoading')} />;
    }
    const value = controller.summary?.[column.key];
    if (value === undefined) {
      return controller.summaryTimedOut ? (
        <Tooltip title={t('table.totalsTimedOut')}>
          <span className="isf-summary-missing" role="img" aria-label={t('table.totalsTimedOut')}>
            —
          </span>
        </Tooltip>
      ) : null;
    }
    return column.renderSummary ? column.renderSummary(value) : value;
  };
  const renderSummary: TableProps<Row>['summary'] = hasSummary
    ? () => (
        <Table.Summary.Row className="isf-summary-row">
          {leadingCells > 0 ? (
            <Table.Summary.Cell index={0} colSpan={leadingCells}>
              {t('table.total')}
            </Table.Summary.Cell>
          ) : null}
          {columns.slice(labelled).map((column, index) => (
            <Table.Summary.Cell key={column.key} index={leadingCells + index} align={column.align}>
              {summaryCell(column)}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )
    : undefined;

  const hasFilters = Object.keys(state.filters).length > 0 || Object.values(filterInputs).some((value) => value.trim() !== '');
  const emptyText = controller.isError ? (
    <Typography.Text type="danger">
      <WarningOutlined /> {t('table.fetchingError')}
    </Typography.Text>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.noData')} />
  );

  return (
    <div className="isf-data-table">
      <div className="isf-data-table-toolbar">
        <Space size={12}>
          {selectable && controller.selectedKeys.length > 0 ? (
            <Typography.Text>{t('table.selected', { count: controller.selectedKeys.length })}</Typography.Text>
          ) : null}
          {hasFilters ? (
            <Button size="small" icon={<ClearOutlined />} onClick={controller.clearFilters}>
              {t('table.clearFilters')}
            </Button>
          ) : null}
        </Space>
        <Space size={8}>
          {toolbar}
          {csvPath ? (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                downloadByFormPost(csvPath, {
                  ...controller.extraQuery,
                  ...csvFormFields(
                    { ...state, filters: { ...state.filters, ...controller.fixedFilters } },
                    controller.selectedKeys,
                  ),
                })
              }
            >
              {controller.selectedKeys.length > 0 ? t('table.csvSelection') : t('table.csv')}
            </Button>
          ) : null}
        </Space>
      </div>
      <FilterRowProvider
        value={{
          cells: filterCells,
          values: filterInputs,
          onType: controller.setFilterInput,
          onClear: (column) => controller.setFilter(column, ''),
        }}
      >
        <Table<Row>
          size="small"
          bordered
          rowKey="id"
          columns={tableColumns}
          dataSource={controller.rows}
          loading={controller.isFetching}
          pagination={false}
          components={headerComponents}
          // `x: true`: as wide as the container, at least its content's longest words; the layout stays
          // automatic (rc-table would fix it for the pinned reference), so that the cells wrap
          scroll={{ x: fitWidth ? true : 'max-content' }}
          tableLayout={fitWidth ? 'auto' : undefined}
          locale={{ emptyText }}
          summary={renderSummary}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: controller.selectedKeys,
                  preserveSelectedRowKeys: true,
                  onChange: controller.setSelectedKeys,
                  columnWidth: SELECTION_WIDTH,
                  fixed: pinned ? 'start' : undefined,
                }
              : undefined
          }
          rowClassName={rowClassName ? (row) => rowClassName(row) : undefined}
          onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row), className: 'isf-clickable-row' }) : undefined}
          onChange={(_pagination, filters, sorter) => controller.onTableChange(sorter, filters)}
        />
      </FilterRowProvider>
      <ControllerPagination controller={controller} />
    </div>
  );
}
