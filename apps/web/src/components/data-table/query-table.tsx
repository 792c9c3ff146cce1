import { Empty, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type QueryTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'loading' | 'locale'> & {
  /** The rows read; none while the first read runs. */
  rows: readonly Row[] | undefined;
  /** A read runs. */
  fetching: boolean;
  /** The last read failed: said where the rows would be. */
  failed: boolean;
};

/**
 * A small bordered table without pagination over the rows of one query (a tab's or a card's list), saying
 * when the read failed and when there is nothing to show.
 */
export function QueryTable<Row extends object>({ rows, fetching, failed, ...table }: QueryTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <Table<Row>
      size="small"
      bordered
      rowKey="id"
      pagination={false}
      {...table}
      dataSource={rows ?? []}
      loading={fetching}
      locale={{
        emptyText: failed ? (
          <Typography.Text type="danger">{t('table.fetchingError')}</Typography.Text>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.noData')} />
        ),
      }}
    />
  );
}
