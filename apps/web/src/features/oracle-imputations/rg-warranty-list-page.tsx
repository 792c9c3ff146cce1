import { CheckOutlined, CloseOutlined, RedoOutlined } from '@ant-design/icons';
import type { RgWarrantyRow, RgWarrantyStatus } from '@isf/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkColumn, moneyColumn } from '../../components/data-table/column-kinds';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { markRgWarranty, RG_WARRANTY_CSV_PATH, RG_WARRANTY_LIST_PATH } from './oracle-imputations.api';
import { RgWarrantyReasonModal } from './rg-warranty-reason-modal';

const STATUS_COLORS: Record<RgWarrantyStatus, string> = { PROCESSING: 'processing', SUCCESS: 'success', ERROR: 'error' };

/**
 * The ERP retention warranties (spec 2 /release-rg-warranties): the released RG of paid statements sent
 * to Oracle as retention invoices, newest first, with the row actions (warranty update right): mark
 * success (invoice name), mark error (reason), send back to processing (not when already PROCESSING).
 */
export function RgWarrantyListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const canUpdate = can('warranty', 'update');
  const [marking, setMarking] = useState<{ id: number; move: 'success' | 'error' } | null>(null);
  const controller = useListController<RgWarrantyRow>({
    listName: 'oracle-rg-warranties',
    path: RG_WARRANTY_LIST_PATH,
    summary: true,
    defaultSort: { column: 'id', direction: 'desc' },
  });

  const columns = useMemo<DataColumn<RgWarrantyRow>[]>(() => {
    const backToProcessing = async (row: RgWarrantyRow) => {
      if (await getFeedback().confirm({ content: t('rgWarranties.processingConfirm', { id: row.warrantyId }) })) {
        await markRgWarranty(row.id, 'processing');
        getFeedback().success(t('rgWarranties.processingDone'));
        controller.refetch();
      }
    };
    return [
      { key: 'warrantyId', title: t('rgWarranties.columns.warrantyId'), width: 90, reference: true },
      linkColumn<RgWarrantyRow>(
        'orderName',
        t('rgWarranties.columns.orderName'),
        'order',
        (row) => `/sst/order/${row.orderId}`,
        (row) => row.orderName,
      ),
      linkColumn<RgWarrantyRow>(
        'attachmentReference',
        t('rgWarranties.columns.attachment'),
        'attachement',
        (row) => `/sst/attachement/${row.attachmentId}`,
        (row) => row.attachmentReference,
      ),
      linkColumn<RgWarrantyRow>(
        'statementId',
        t('rgWarranties.columns.statement'),
        'monthly_statement',
        (row) => `/sst/situation/${row.statementId}`,
        (row) => String(row.statementId),
      ),
      moneyColumn<RgWarrantyRow>('amount', t('rgWarranties.columns.amount'), (row) => row.amount),
      {
        key: 'status',
        title: t('rgWarranties.columns.status'),
        render: (row) => <Tag color={STATUS_COLORS[row.status]}>{t(`rgWarranties.statuses.${row.status}`)}</Tag>,
      },
      { key: 'statusReason', title: t('rgWarranties.columns.statusReason'), render: (row) => row.statusReason ?? '—' },
      { key: 'invoiceNumber', title: t('rgWarranties.columns.invoiceNumber') },
      ...(canUpdate
        ? [
            {
              key: 'actions',
              title: t('rgWarranties.columns.actions'),
              sortable: false,
              filter: false,
              nullFilter: false,
              render: (row: RgWarrantyRow) => (
                <Space size={4}>
                  <Tooltip title={t('rgWarranties.actions.success')}>
                    <Button
                      size="small"
                      icon={<CheckOutlined />}
                      aria-label={t('rgWarranties.actions.success')}
                      disabled={row.status === 'SUCCESS'}
                      onClick={() => setMarking({ id: row.id, move: 'success' })}
                    />
                  </Tooltip>
                  <Tooltip title={t('rgWarranties.actions.error')}>
                    <Button
                      size="small"
                      danger
                      icon={<CloseOutlined />}
                      aria-label={t('rgWarranties.actions.error')}
                      disabled={row.status === 'ERROR'}
                      onClick={() => setMarking({ id: row.id, move: 'error' })}
                    />
                  </Tooltip>
                  <Tooltip title={t('rgWarranties.actions.processing')}>
                    <Button
                      size="small"
                      icon={<RedoOutlined />}
                      aria-label={t('rgWarranties.actions.processing')}
                      disabled={row.status === 'PROCESSING'}
                      onClick={() => void backToProcessing(row)}
                    />
                  </Tooltip>
                </Space>
              ),
            } satisfies DataColumn<RgWarrantyRow>,
          ]
        : []),
    ];
  }, [t, canUpdate, controller]);

  return (
    <section>
      <PageHeader title={t('rgWarranties.title')} />
      <DataTable controller={controller} columns={columns} csvPath={RG_WARRANTY_CSV_PATH} selectable={false} />
      {marking ? <RgWarrantyReasonModal warranty={marking.id} move={marking.move} onClose={() => setMarking(null)} /> : null}
    </section>
  );
}
