import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_VALIDATED_NODE,
  FILTER_NULL,
  STATEMENT_CONFIRM_REMOVE_ATTACHMENT,
  type StatementAttachmentRow,
} from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { useEditMode } from '../../app/edit-mode';
import { getFeedback } from '../../app/feedback';
import { EntityLink } from '../../components/entity-link';
import { PickerModal } from '../../components/picker/picker-modal';
import { formatMoney } from '../../i18n';
import { ATTACHMENT_DETAIL_ROUTE, ATTACHMENT_LIST_PATH, type AttachmentListRow } from '../attachments/attachments.api';
import { ORDER_DETAIL_ROUTE } from '../orders/orders.api';
import { confirmAndRun } from './statement-action';
import {
  addStatementAttachments,
  fetchStatementAttachments,
  removeStatementAttachment,
  statementAttachmentsKey,
} from './statements.api';

export type StatementAttachmentsPanelProps = {
  statementId: number;
  marketId: number;
  /** Update right and an unlocked statement: attachments may be added and removed. */
  canChange: boolean;
  /** After an attachment is added or removed (the figures change). */
  onChanged: () => void;
};

/**
 * The attachments a statement invoices (spec 2 Monthly statement detail, §3 "Attachment rows in a
 * statement"): reference, order, amount, RG, deposit used, workflow step and ERP status; Add picks among
 * the validated attachments of its market that no statement holds, Remove gives one back.
 */
export function StatementAttachmentsPanel({ statementId, marketId, canChange, onChanged }: StatementAttachmentsPanelProps) {
  const { t } = useTranslation();
  const editing = useEditMode();
  const [picking, setPicking] = useState(false);
  const rows = useQuery({
    queryKey: statementAttachmentsKey(statementId),
    queryFn: () => fetchStatementAttachments(statementId),
  });
  const refresh = () => {
    void rows.refetch();
    onChanged();
  };

  const add = async (row: AttachmentListRow) => {
    setPicking(false);
    try {
      await addStatementAttachments(statementId, [row.id]);
      refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 400)) {
        getFeedback().warning(error.body?.detail ?? error.body?.error ?? error.message);
      } else {
        throw error;
      }
    }
  };

  const remove = async (row: StatementAttachmentRow) => {
    if (await confirmAndRun(STATEMENT_CONFIRM_REMOVE_ATTACHMENT, () => removeStatementAttachment(statementId, row.id))) {
      refresh();
    }
  };

  const columns: TableColumnsType<StatementAttachmentRow> = [
    {
      key: 'reference',
      title: t('attachmentList.reference'),
      render: (_value, row) => (
        <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
          {row.reference}
        </EntityLink>
      ),
    },
    {
      key: 'order',
      title: t('attachmentList.order'),
      render: (_value, row) => (
        <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.orderId}`}>
          {row.orderReference}
        </EntityLink>
      ),
    },
    { key: 'amount', title: t('attachmentList.amount'), align: 'right', render: (_value, row) => formatMoney(row.amount) },
    { key: 'totalRg', title: t('statements.rgamount'), align: 'right', render: (_value, row) => formatMoney(row.totalRg) },
    {
      key: 'depositUsed',
      title: t('statements.depositUsed'),
      align: 'right',
      render: (_value, row) => formatMoney(row.depositUsed),
    },
    { key: 'nodeName', title: t('orderList.status'), render: (_value, row) => row.nodeName ?? '—' },
    {
      key: 'oracleStatus',
      title: t('orderList.oracleStatus'),
      render: (_value, row) => t(`attachmentList.oracleStatuses.${row.oracleStatus}`),
    },
    ...(canChange
      ? [
          {
            key: 'remove',
            width: 56,
            render: (_value: unknown, row: StatementAttachmentRow) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={editing}
                aria-label={t('statements.removeAttachment', { reference: row.reference })}
                onClick={() => void remove(row)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('statements.attachments')}
      style={{ marginTop: 16 }}
      extra={
        canChange ? (
          <Button icon={<PlusOutlined />} disabled={editing} onClick={() => setPicking(true)}>
            {t('statements.addAttachment')}
          </Button>
        ) : null
      }
    >
      <Table<StatementAttachmentRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows.data ?? []}
        loading={rows.isLoading}
        pagination={false}
        locale={{ emptyText: t('statements.noAttachment') }}
      />
      {picking ? (
        <PickerModal<AttachmentListRow>
          title={t('statements.addAttachment')}
          listName={`picker.situation.attachements`}
          listPath={ATTACHMENT_LIST_PATH}
          fixedFilters={{ marketId: String(marketId), nodeCode: ATTACHMENT_VALIDATED_NODE, monthlyStatementId: FILTER_NULL }}
          columns={[
            { key: 'reference', title: t('attachmentList.reference') },
            { key: 'orderReference', title: t('attachmentList.order') },
            {
              key: 'amount',
              title: t('attachmentList.amount'),
              align: 'right',
              render: (row) => formatMoney(row.amount),
            },
            { key: 'nodeName', title: t('orderList.status') },
          ]}
          onPick={(row) => void add(row)}
          onCancel={() => setPicking(false)}
        />
      ) : null}
    </Card>
  );
}
