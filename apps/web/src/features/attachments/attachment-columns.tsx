import { EyeOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatMoney } from '../../i18n';
import { MARKET_DETAIL_ROUTE } from '../markets/markets.api';
import { ORDER_DETAIL_ROUTE } from '../orders/orders.api';
import { ATTACHMENT_DETAIL_ROUTE, type AttachmentListRow } from './attachments.api';

/**
 * The columns of the attachment list (spec 2 Attachment list): reference, order, contractor agreement,
 * project, contract number, client market and order, the Oscar sub-project, ArcGIS name, NRO and PM for
 * an FTTH profile, eOTP imputation, ERP project, task and status, follower, amount (totalled), workflow
 * status (to its node), creator and the detail link.
 */
export function useAttachmentColumns({ ftth }: { ftth: boolean }): DataColumn<AttachmentListRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<AttachmentListRow>[]>(() => {
    const text = (key: keyof AttachmentListRow, title: string): DataColumn<AttachmentListRow> => ({ key, title: t(title) });
    const fibre: DataColumn<AttachmentListRow>[] = ftth
      ? [
          text('oscarSubProjectName', 'orderList.oscarSubProject'),
          text('arcgisName', 'orderList.arcgisName'),
          text('nroName', 'orderList.nroName'),
          text('offerIdPm', 'orderList.offerIdPm'),
        ]
      : [];
    return [
      {
        key: 'reference',
        title: t('attachmentList.reference'),
        render: (row) => (
          <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
            {row.reference}
          </EntityLink>
        ),
      },
      {
        key: 'orderName',
        title: t('attachmentList.orderName'),
        render: (row) => (
          <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.orderId}`}>
            {row.orderName}
          </EntityLink>
        ),
      },
      {
        key: 'marketEdifice',
        title: t('attachmentList.market'),
        render: (row) => (
          <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${row.marketId}`}>
            {row.marketEdifice}
          </EntityLink>
        ),
      },
      {
        key: 'projectName',
        title: t('orderList.project'),
        render: (row) => (
          <EntityLink entity="project" to={`/project/${row.projectId}`}>
            {row.projectName}
          </EntityLink>
        ),
      },
      text('contractNumber', 'orderList.contractNumber'),
      text('clientMarket', 'orderList.clientMarket'),
      text('clientBdc', 'orderList.clientBdc'),
      ...fibre,
      text('imputationEotp', 'orderList.imputation'),
      text('oracleProjectName', 'orderList.oracleProject'),
      text('oracleTaskName', 'orderList.oracleTask'),
      {
        key: 'oracleStatus',
        title: t('orderList.oracleStatus'),
        nullFilter: false,
        render: (row) => t(`attachmentList.oracleStatuses.${row.oracleStatus}`),
      },
      text('followerName', 'orderList.follower'),
      {
        key: 'amount',
        title: t('attachmentList.amount'),
        align: 'right',
        nullFilter: false,
        summary: true,
        render: (row) => formatMoney(row.amount),
        renderSummary: (value) => formatMoney(value),
      },
      {
        key: 'nodeName',
        title: t('orderList.status'),
        render: (row) => (row.nodeId === null ? row.nodeName : <Link to={`/node/${row.nodeId}`}>{row.nodeName}</Link>),
      },
      text('creatorName', 'orderList.creator'),
      {
        key: 'detail',
        title: '',
        sortable: false,
        filter: false,
        nullFilter: false,
        width: 56,
        render: (row) => (
          <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
            <EyeOutlined aria-label={t('attachmentList.view', { reference: row.reference })} />
          </EntityLink>
        ),
      },
    ];
  }, [t, ftth]);
}
