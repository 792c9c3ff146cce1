import { RightOutlined } from '@ant-design/icons';
import type { DashboardNode, OrderToValidateRow } from '@isf/contract';
import { Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useAuth } from '../../lib/auth-store';
import { formatCount, formatMoney } from '../../lib/i18n';
import { ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { MyTasksCard } from './my-tasks-card';
import { RunningOrdersCard } from './running-orders-card';
import {
  amountColumn,
  orderReferenceColumn,
  useMarketsToValidate,
  useMarketToValidateColumns,
  useOrdersToValidate,
} from './to-validate-lists';

/** The subcontractor reads what it is asked to accept: reference, complement, project, amount, when it came. */
function useSubcontractorOrderColumns(): DataColumn<OrderToValidateRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<OrderToValidateRow>[]>(
    () => [
      orderReferenceColumn(t('home.toValidate.order')),
      { key: 'name', title: t('home.sst.name'), nullFilter: false },
      { key: 'projectName', title: t('home.toValidate.project'), nullFilter: false },
      amountColumn<OrderToValidateRow>(t('home.toValidate.orderAmount')),
      {
        key: 'since',
        title: t('home.sst.received'),
        filter: false,
        nullFilter: false,
        render: (row) => dayjs(row.since).format('DD/MM/YYYY'),
      },
      {
        key: 'open',
        title: '',
        sortable: false,
        filter: false,
        nullFilter: false,
        render: (row) => (
          <Link to={`${ORDER_DETAIL_ROUTE}/${row.id}`} aria-label={t('home.sst.openOrder', { reference: row.reference })}>
            {t('home.sst.open')} <RightOutlined />
          </Link>
        ),
      },
    ],
    [t],
  );
}

/** The orders awaiting the subcontractor's acceptance, with their number and total. */
function OrdersAwaitingCard() {
  const { t } = useTranslation();
  const controller = useOrdersToValidate({ summary: true });
  const columns = useSubcontractorOrderColumns();
  const empty = !controller.isLoading && controller.totalElements === 0 && Object.keys(controller.state.filters).length === 0;
  return (
    <Card title={t('home.sst.orders')} className="isf-home-card" role="region" aria-label={t('home.sst.orders')}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.sst.noOrders')} />
      ) : (
        <>
          <Space size={48} className="isf-home-statistics">
            <Statistic
              title={t('home.sst.count')}
              value={controller.totalCapped ? `> ${formatCount(controller.totalElements)}` : controller.totalElements}
              loading={controller.isLoading}
            />
            <Statistic
              title={t('home.sst.total')}
              value={controller.summaryTimedOut ? '—' : formatMoney(controller.summary?.amount ?? '0')}
              loading={controller.isLoading || controller.summaryLoading}
            />
          </Space>
          <Typography.Paragraph type="secondary">{t('home.sst.ordersHint')}</Typography.Paragraph>
          <DataTable<OrderToValidateRow> controller={controller} columns={columns} selectable={false} numbered={false} />
        </>
      )}
    </Card>
  );
}

function MarketsAwaitingCard() {
  const { t } = useTranslation();
  const controller = useMarketsToValidate();
  const columns = useMarketToValidateColumns();
  const empty = !controller.isLoading && controller.totalElements === 0 && Object.keys(controller.state.filters).length === 0;
  return (
    <Card title={t('home.sst.markets')} className="isf-home-card" role="region" aria-label={t('home.sst.markets')}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.sst.noMarkets')} />
      ) : (
        <DataTable controller={controller} columns={columns} selectable={false} numbered={false} />
      )}
    </Card>
  );
}

/**
 * The subcontractor-style home (role option serviceorders.display_sst_validation_in_dashboard): what waits
 * on the subcontractor first (orders to accept, markets), then its ongoing orders and its other tasks; no
 * process table, which describes the staff's workflow (docs/decisions.md, "Home dashboard").
 */
export function SubcontractorDashboard({ nodes, hasMyActions }: { nodes: readonly DashboardNode[]; hasMyActions: boolean }) {
  const { can } = useAuth();
  return (
    <>
      {can('order', 'read') ? <OrdersAwaitingCard /> : null}
      <Row gutter={[16, 16]}>
        {can('subcontractor_market', 'read') ? (
          <Col xs={24} xl={12}>
            <MarketsAwaitingCard />
          </Col>
        ) : null}
        <Col xs={24} xl={12}>
          <RunningOrdersCard />
        </Col>
      </Row>
      {hasMyActions ? <MyTasksCard nodes={nodes} withItems={false} /> : null}
    </>
  );
}
