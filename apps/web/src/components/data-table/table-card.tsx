import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export type TableCardProps<Row> = {
  title: string;
  style?: CSSProperties;
  columns: TableColumnsType<Row>;
  /** The rows read; none while the first read runs. */
  rows: readonly Row[] | undefined;
  loading: boolean;
  emptyText: string;
  /** The Add button in the card's corner, when the caller may add (`disabled` while the page is edited). */
  add: { label: string; disabled: boolean; onClick: () => void } | null;
  /** What the card holds under its table (the add modal). */
  children?: ReactNode;
};

/** A record's card holding a small table of one query's rows, without pagination, and its Add button. */
export function TableCard<Row extends { id: number }>(props: TableCardProps<Row>) {
  const { add } = props;
  return (
    <Card
      title={props.title}
      style={props.style}
      extra={
        add ? (
          <Button icon={<PlusOutlined />} disabled={add.disabled} onClick={add.onClick}>
            {add.label}
          </Button>
        ) : null
      }
    >
      <Table<Row>
        size="small"
        rowKey="id"
        columns={props.columns}
        dataSource={props.rows ?? []}
        loading={props.loading}
        pagination={false}
        locale={{ emptyText: props.emptyText }}
      />
      {props.children}
    </Card>
  );
}
