import { EyeOutlined } from '@ant-design/icons';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { linkColumn, moneyColumn, workflowStepColumn } from '../../components/data-table/column-kinds';
import type { DataColumn } from '../../components/data-table/data-table';
import { orderContextColumns } from '../../components/data-table/order-context-columns';
import { EntityLink } from '../../components/entity-link';
import { ATTACHMENT_DETAIL_ROUTE, MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';
import type { AttachmentListRow } from './attachments.api';

/**
 * The columns of the attachment list (spec 2 Attachment list): reference, order, contractor agreement,
 * project, contract number, client market and order, the Oscar sub-project, ArcGIS name, NRO and PM for
 * an FTTH profile, eOTP imputation, ERP project, task and status, follower, amount (totalled), workflow
 * status (to its node), creator and the detail link.
 */
export function useAttachmentColumns({ ftth }: { ftth: boolean }): DataColumn<AttachmentListRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<AttachmentListRow>[]>(() => {
    const detailRoute = (row: AttachmentListRow) => `${ATTACHMENT_DETAIL_ROUTE}/${row.id}`;
    return [
      {
        ...linkColumn<AttachmentListRow>(
          'reference',
          t('attachmentList.reference'),
          'attachement',
          detailRoute,
          (row) => row.reference,
        ),
        reference: true,
      },
      linkColumn<AttachmentListRow>(
        'orderName',
        t('attachmentList.orderName'),
        'order',
        (row) => `${ORDER_DETAIL_ROUTE}/${row.orderId}`,
        (row) => row.orderName,
      ),
      linkColumn<AttachmentListRow>(
        'marketEdifice',
        t('attachmentList.market'),
        'subcontractor_market',
        (row) => `${MARKET_DETAIL_ROUTE}/${row.marketId}`,
        (row) => row.marketEdifice,
      ),
      ...orderContextColumns<AttachmentListRow>(t, {
        ftth,
        withMainClient: false,
        oracleStatusLabel: (status) => t(`attachmentList.oracleStatuses.${status}`),
      }),
      moneyColumn<AttachmentListRow>('amount', t('attachmentList.amount'), (row) => row.amount),
      workflowStepColumn<AttachmentListRow>(t('orderList.status')),
      { key: 'creatorName', title: t('orderList.creator') },
      {
        ...linkColumn<AttachmentListRow>('detail', '', 'attachement', detailRoute, (row) => (
          <EyeOutlined aria-label={t('attachmentList.view', { reference: row.reference })} />
        )),
        sortable: false,
        filter: false,
        nullFilter: false,
      },
    ];
  }, [t, ftth]);
}

/** The reference column of a record's small attachment table (an order's attachments, a statement's panels), linked to its detail. */
export function attachmentReferenceColumn<Row extends { id: number; reference: string }>(t: TFunction): TableColumnType<Row> {
  return {
    key: 'reference',
    title: t('attachmentList.reference'),
    render: (_value, row) => (
      <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
        {row.reference}
      </EntityLink>
    ),
  };
}
