import { Empty, Space, Switch, Table, type TableProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PRESTATION_PAGINATION } from './prestation-columns';

/** The figures of the totals row, one per column after the label's: null leaves a column's cell empty. */
export type PrestationTotalsCells = (ReactNode | null)[];

export type PrestationLinesTableProps<Row extends { prestation: number }> = {
  columns: TableProps<Row>['columns'];
  rows: Row[];
  loading: boolean;
  /** The text of a table without lines. */
  empty: string;
  /** The totals row: its label over the first `labelSpan` columns, then its cells. */
  totals: { label: string; labelSpan: number; cells: PrestationTotalsCells };
  onChange: TableProps<Row>['onChange'];
  components?: TableProps<Row>['components'];
};

/** The lines of a prestations tab (order, attachment): paged as every prestation table, the totals last. */
export function PrestationLinesTable<Row extends { prestation: number }>({
  columns,
  rows,
  loading,
  empty,
  totals,
  onChange,
  components,
}: PrestationLinesTableProps<Row>) {
  const summary = () => (
    <Table.Summary.Row className="isf-summary-row">
      <Table.Summary.Cell index={0} colSpan={totals.labelSpan}>
        {totals.label}
      </Table.Summary.Cell>
      {totals.cells.map((cell, position) => {
        const index = totals.labelSpan + position;
        return cell === null ? (
          <Table.Summary.Cell key={index} index={index} />
        ) : (
          <Table.Summary.Cell key={index} index={index} align="right">
            {cell}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
  return (
    <Table<Row>
      size="small"
      bordered
      rowKey="prestation"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={PRESTATION_PAGINATION}
      components={components}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      summary={rows.length > 0 ? summary : undefined}
      onChange={onChange}
    />
  );
}

/** The edit mode's "display all" switch of a prestations tab, with its label. */
export function DisplayAllSwitch({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <Space size={8}>
      <Switch size="small" checked={checked} onChange={onChange} aria-label={label} />
      <Typography.Text>{label}</Typography.Text>
    </Space>
  );
}
