import { DownloadOutlined, WarningFilled } from '@ant-design/icons';
import { ATTACHMENT_OVER_ORDERED_WARNING, type AttachmentLineInput } from '@isf/contract';
import { Alert, Button, Card, Flex, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayAllSwitch, PrestationLinesTable } from '../../../components/prestations/prestation-lines-table';
import { QuantityInput } from '../../../components/prestations/quantity-input';
import { formatMoney } from '../../../lib/i18n';
import { formatQuantity } from '../../../lib/quantity-format';
import { exportAttachment, exportAttachmentBpu } from '../attachments.api';
import type { AttachmentPrestationRow } from './attachment-prestation-lines';
import { useAttachmentPrestations } from './use-attachment-prestations';
import '../../../components/data-table/data-table.css';

export type AttachmentPrestationsTabProps = {
  attachmentId: number;
  /** The detail page's edit mode, when the attachment may be changed. */
  editing: boolean;
  onLinesChange: (lines: AttachmentLineInput[]) => void;
  /** Bumped by the page after a save or an import to refetch. */
  reloadKey: number;
  /** The import button of the header, shown beside the exports (outside edit mode). */
  importButton?: ReactNode;
};

/** The quantities and the total are fixed on the right: they stay in sight when the table scrolls. */
function columnsOf(
  t: TFunction,
  editing: boolean,
  setQuantity: (prestation: number, quantity: string) => void,
): TableColumnsType<AttachmentPrestationRow> {
  const quantity = (key: 'orderedQuantity' | 'cumulativePreviousQuantity', title: string) => ({
    key,
    dataIndex: key,
    title: t(title),
    align: 'right' as const,
    sorter: false,
    fixed: 'right' as const,
    render: (value: string) => formatQuantity(value),
  });
  return [
    { key: 'index', dataIndex: 'index', title: '#', width: 56, align: 'right', sorter: false },
    { key: 'categoryParentName', dataIndex: 'category', title: t('attachmentPrestations.category') },
    { key: 'categoryName', dataIndex: 'subcategory', title: t('attachmentPrestations.subcategory') },
    { key: 'referenceName', dataIndex: 'reference', title: t('attachmentPrestations.reference') },
    { key: 'code', dataIndex: 'code', title: t('attachmentPrestations.code') },
    // a narrow description keeps the quantities in sight; the whole text shows on hover
    {
      key: 'description',
      dataIndex: 'description',
      title: t('attachmentPrestations.description'),
      width: 260,
      ellipsis: { showTitle: true },
    },
    { key: 'unitName', dataIndex: 'unit', title: t('attachmentPrestations.unit') },
    {
      key: 'unitPrice',
      dataIndex: 'unitPrice',
      title: t('attachmentPrestations.unitPrice'),
      align: 'right',
      sorter: false,
      render: (value: string) => formatMoney(value),
    },
    quantity('orderedQuantity', 'attachmentPrestations.orderedQuantity'),
    quantity('cumulativePreviousQuantity', 'attachmentPrestations.cumulativePreviousQuantity'),
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('attachmentPrestations.quantity'),
      align: 'right',
      sorter: false,
      width: 130,
      fixed: 'right',
      render: (_value: string, row) =>
        editing ? (
          <QuantityInput
            quantity={row.quantity}
            label={t('attachmentPrestations.quantityOf', { code: row.code })}
            onChange={(value) => setQuantity(row.prestation, value)}
          />
        ) : (
          formatQuantity(row.quantity)
        ),
    },
    {
      key: 'cumulativeQuantity',
      dataIndex: 'cumulativeQuantity',
      title: t('attachmentPrestations.cumulativeQuantity'),
      align: 'right',
      sorter: false,
      fixed: 'right',
      render: (value: string, row) =>
        row.overOrdered ? (
          <Tooltip title={ATTACHMENT_OVER_ORDERED_WARNING}>
            <Typography.Text type="warning" data-testid={`over-ordered-${row.code}`}>
              <WarningFilled aria-label={ATTACHMENT_OVER_ORDERED_WARNING} /> {formatQuantity(value)}
            </Typography.Text>
          </Tooltip>
        ) : (
          formatQuantity(value)
        ),
    },
    {
      key: 'total',
      dataIndex: 'total',
      title: t('attachmentPrestations.total'),
      align: 'right',
      sorter: false,
      fixed: 'right',
      render: (value: string) => formatMoney(value),
    },
  ];
}

/**
 * The Prestations tab of an attachment (spec 2 "Attachment detail", §3 Attachment prestation line): per
 * line the ordered quantity, the cumulative of the validated attachments before this one, this time's
 * quantity (an input in edit mode) and the cumulative, with a warning when the cumulative passes the
 * ordered quantity; the amount in the footer; the import, the export and the export in the BPU's layout.
 */
export function AttachmentPrestationsTab({
  attachmentId,
  editing,
  onLinesChange,
  reloadKey,
  importButton,
}: AttachmentPrestationsTabProps) {
  const { t } = useTranslation();
  const controller = useAttachmentPrestations({ attachmentId, editing, onLinesChange, reloadKey });
  const { rows, sorting, setQuantity } = controller;
  const columns = sorting.sortable(columnsOf(t, editing, setQuantity));

  return (
    <Card
      title={t('attachmentPrestations.title')}
      extra={
        <Space size={12} wrap>
          {editing ? (
            <DisplayAllSwitch
              checked={controller.displayAll}
              onChange={controller.setDisplayAll}
              label={t('attachmentPrestations.displayAll')}
            />
          ) : (
            importButton
          )}
          <Button icon={<DownloadOutlined />} onClick={() => exportAttachment(attachmentId, sorting.sort)}>
            {t('attachmentPrestations.export')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => exportAttachmentBpu(attachmentId, sorting.sort)}>
            {t('attachmentPrestations.exportBpu')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12} className="isf-data-table">
        {controller.overOrdered ? <Alert type="warning" showIcon title={ATTACHMENT_OVER_ORDERED_WARNING} /> : null}
        <PrestationLinesTable<AttachmentPrestationRow>
          columns={columns}
          rows={rows}
          loading={controller.loading}
          empty={t('attachmentPrestations.empty')}
          totals={{
            label: t('attachmentPrestations.footer'),
            labelSpan: 8,
            cells: [
              null,
              null,
              null,
              null,
              <span key="amount" data-testid="attachment-prestations-amount">
                {formatMoney(controller.amount)}
              </span>,
            ],
          }}
          onChange={sorting.onChange}
        />
      </Flex>
    </Card>
  );
}
