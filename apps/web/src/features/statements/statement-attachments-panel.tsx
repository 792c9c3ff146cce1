import {
  ATTACHMENT_VALIDATED_NODE,
  FILTER_NULL,
  STATEMENT_CONFIRM_REMOVE_ATTACHMENT,
  type StatementAttachmentRow,
} from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/i18n';
import { ATTACHMENT_LIST_PATH, type AttachmentListRow } from '../attachments/attachments.api';
import { StatementItemsPanel } from './statement-items-panel';
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
  return (
    <StatementItemsPanel<StatementAttachmentRow, AttachmentListRow>
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
        listPath: ATTACHMENT_LIST_PATH,
        fixedFilters: { marketId: String(marketId), nodeCode: ATTACHMENT_VALIDATED_NODE, monthlyStatementId: FILTER_NULL },
        columns: [
          { key: 'reference', title: t('attachmentList.reference') },
          { key: 'orderReference', title: t('attachmentList.order') },
          { key: 'amount', title: t('attachmentList.amount'), align: 'right', render: (row) => formatMoney(row.amount) },
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
