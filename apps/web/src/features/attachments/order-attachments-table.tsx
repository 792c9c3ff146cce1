import { EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { OrderAttachmentRow } from '@isf/contract';
import { canDownloadDocumentPdf } from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableCard } from '../../components/data-table/table-card';
import { EntityLink } from '../../components/entity-link';
import { StatementLinks } from '../../components/statement-links';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { formatMoney } from '../../lib/i18n';
import { ATTACHMENT_DETAIL_ROUTE } from '../../lib/routes';
import { attachmentReferenceColumn } from './attachment-columns';
import { AttachmentCreateModal } from './attachment-create-modal';
import { downloadAttachmentPdf, fetchOrderAttachments, orderAttachmentsKey } from './attachments.api';

export type OrderAttachmentsTableProps = {
  orderId: number;
  /** The order accepts attachments and the user may create them (the order screen decides: validated order, create right). */
  canCreate: boolean;
};

/**
 * The attachments of an order (spec 2 "Service order detail", Attachments tab): reference, amount, RG,
 * deposit used, the statement(s) releasing its RG (links to the statement, by its date), workflow status,
 * a view link and the PDF; the creation modal with the order fixed.
 */
export function OrderAttachmentsTable({ orderId, canCreate }: OrderAttachmentsTableProps) {
  const { t } = useTranslation();
  const { hasOption } = useAuth();
  const editing = useEditMode();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const rows = useQuery({ queryKey: orderAttachmentsKey(orderId), queryFn: () => fetchOrderAttachments(orderId) });
  const canDownload = canDownloadDocumentPdf(hasOption);

  const columns: TableColumnsType<OrderAttachmentRow> = [
    attachmentReferenceColumn<OrderAttachmentRow>(t),
    { key: 'amount', title: t('attachmentList.amount'), align: 'right', render: (_value, row) => formatMoney(row.amount) },
    {
      key: 'totalRg',
      title: t('attachmentDetail.field.totalRg'),
      align: 'right',
      render: (_value, row) => formatMoney(row.totalRg),
    },
    {
      key: 'depositUsed',
      title: t('attachmentDetail.field.depositUsed'),
      align: 'right',
      render: (_value, row) => formatMoney(row.depositUsed),
    },
    {
      key: 'releaseStatement',
      title: t('attachmentDetail.releaseStatement'),
      render: (_value, row) => <StatementLinks statements={row.releaseStatements} />,
    },
    {
      key: 'status',
      title: t('orderList.status'),
      render: (_value, row) => (row.statusWF ? <Link to={`/node/${row.statusWF.nodeId}`}>{row.statusWF.nodeName}</Link> : '—'),
    },
    {
      key: 'actions',
      width: 96,
      render: (_value, row) => (
        <Space size={4}>
          <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
            <EyeOutlined aria-label={t('attachmentList.view', { reference: row.reference })} />
          </EntityLink>
          {canDownload ? (
            <Button
              type="text"
              size="small"
              icon={<FilePdfOutlined />}
              aria-label={t('attachmentDetail.pdfOf', { reference: row.reference })}
              onClick={() => downloadAttachmentPdf(row.id)}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <TableCard<OrderAttachmentRow>
      title={t('orderDetail.attachments')}
      columns={columns}
      rows={rows.data}
      loading={rows.isLoading}
      emptyText={t('orderDetail.noAttachment')}
      add={canCreate ? { label: t('attachmentList.createTitle'), disabled: editing, onClick: () => setCreating(true) } : null}
    >
      {canCreate ? (
        <AttachmentCreateModal
          open={creating}
          orderId={orderId}
          onClose={() => setCreating(false)}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: orderAttachmentsKey(orderId) })}
        />
      ) : null}
    </TableCard>
  );
}
