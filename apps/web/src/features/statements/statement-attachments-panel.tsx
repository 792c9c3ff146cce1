import {
  STATEMENT_CONFIRM_REMOVE_ATTACHMENT,
  type StatementAttachmentRow,
  type StatementInvoiceCandidateRow,
} from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/i18n';
import { StatementItemsPanel } from './statement-items-panel';
import {
  addStatementAttachments,
  fetchStatementAttachments,
  removeStatementAttachment,
  statementAttachmentsKey,
  statementInvoiceCandidatesPath,
} from './statements.api';

export type StatementAttachmentsPanelProps = {
  statementId: number;
  /** Update right and an unlocked statement: attachments may be added and removed. */
  canChange: boolean;
  /** After an attachment is added or removed (the figures change). */
  onChanged: () => void;
};

/**
 * The attachments a statement invoices (spec 2 Monthly statement detail, §3 "Attachment rows in a
 * statement"): reference, order, amount, RG, deposit used, workflow step and ERP status; Add picks among
 * the validated attachments of its market that no statement holds (GET /situation/{id}/agencyattachements),
 * Remove gives one back.
 */
export function StatementAttachmentsPanel({ statementId, canChange, onChanged }: StatementAttachmentsPanelProps) {
  const { t } = useTranslation();
  return (
    <StatementItemsPanel<StatementAttachmentRow, StatementInvoiceCandidateRow>
      title={t('statements.attachments')}
      emptyText={t('statements.noAttachment')}
      queryKey={statementAttachmentsKey(statementId)}
      fetchRows={() => fetchStatementAttachments(statementId)}
      columns={[
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
      ]}
      canAdd={canChange}
      addLabel={t('statements.addAttachment')}
      picker={{
        listName: 'picker.situation.attachements',
        listPath: statementInvoiceCandidatesPath(statementId),
        columns: [
          { key: 'reference', title: t('attachmentList.reference') },
          { key: 'orderReference', title: t('attachmentList.order') },
          { key: 'amount', title: t('attachmentList.amount'), align: 'right', render: (row) => formatMoney(row.amount) },
          { key: 'totalRg', title: t('statements.rgamount'), align: 'right', render: (row) => formatMoney(row.totalRg) },
          { key: 'nodeName', title: t('orderList.status') },
        ],
      }}
      add={(ids) => addStatementAttachments(statementId, ids)}
      canRemove={canChange}
      removeLabel={(row) => t('statements.removeAttachment', { reference: row.reference })}
      removeConfirmation={STATEMENT_CONFIRM_REMOVE_ATTACHMENT}
      remove={(row) => removeStatementAttachment(statementId, row.id)}
      onChanged={onChanged}
    />
  );
}
