import type { RunningOrderRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Statistic, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { formatMoney } from '../../lib/i18n';
import { DASHBOARD_QUERY_KEY, fetchRunningOrders, fetchRunningOrdersAmount } from './dashboard.api';

/** Ongoing orders (spec 1 §2 home): how many, their total amount, and the latest of them. */
export function RunningOrdersCard() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: [...DASHBOARD_QUERY_KEY, 'running-orders'], queryFn: fetchRunningOrders });
  const amount = useQuery({ queryKey: [...DASHBOARD_QUERY_KEY, 'running-orders-amount'], queryFn: fetchRunningOrdersAmount });
  const count = amount.data?.count ?? list.data?.totalElements ?? 0;
  const columns: TableColumnsType<RunningOrderRow> = [
    {
      key: 'order',
      title: t('home.orders.order'),
      render: (_value, row) => (
        <EntityLink entity="order" to={`/sst/order/${row.entityId}`}>
          {row.label ?? `#${row.entityId}`}
        </EntityLink>
      ),
    },
    { key: 'node', dataIndex: 'nodeName', title: t('home.orders.node') },
    {
      key: 'since',
      title: t('home.orders.since'),
      render: (_value, row) => dayjs(row.updatedAt).format('DD/MM/YYYY'),
    },
    { key: 'amount', title: t('home.orders.amount'), align: 'right', render: (_value, row) => formatMoney(row.amount) },
  ];
  return (
    <Card title={t('home.orders.title')} className="isf-home-card">
      {count === 0 && !list.isPending ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.orders.none')} />
      ) : (
        <>
          <Space size={48} className="isf-home-statistics">
            <Statistic title={t('home.orders.count')} value={count} loading={amount.isPending} />
            <Statistic
              title={t('home.orders.total')}
              value={amount.data?.amount === null ? t('home.orders.noAmount') : formatMoney(amount.data?.amount)}
              loading={amount.isPending}
            />
          </Space>
          <Table<RunningOrderRow>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={list.data?.content ?? []}
            loading={list.isPending}
            pagination={false}
          />
        </>
      )}
    </Card>
  );
}
