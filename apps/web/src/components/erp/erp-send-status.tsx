import { type ErpSendRecord, erpSendFailed, erpSending } from '@isf/contract';
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type ErpStatusView = { color: string; text: string };

/** The tag colour of an ERP status: sent green, failed red, running blue, otherwise neutral. */
export function erpStatusColor(oracleStatus: string): string {
  if (oracleStatus === 'SUCCESS') {
    return 'green';
  }
  if (erpSendFailed(oracleStatus)) {
    return 'red';
  }
  return erpSending(oracleStatus) ? 'processing' : 'default';
}

export type ErpSendStatusProps = {
  /** The status tag (the spec's texts for an order, the status label for an attachment). */
  view: ErpStatusView;
  oracleStatus: string;
  oracleId: string | null;
  /** The last send: its ERP message and, for a receipt, the refused lines. */
  erpSend: ErpSendRecord | null;
};

/**
 * The ERP status of an order or an attachment (spec 2 §4): the status, the ERP id once sent, and after a
 * failed send the ERP's message with each refused line of a receipt.
 */
export function ErpSendStatus({ view, oracleStatus, oracleId, erpSend }: ErpSendStatusProps) {
  const { t } = useTranslation();
  const failure = erpSendFailed(oracleStatus) && erpSend?.message ? erpSend : null;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space size={8} wrap>
        <Tag color={view.color} style={{ whiteSpace: 'normal' }} data-testid="erp-status">
          {view.text}
        </Tag>
        {oracleId ? (
          <Typography.Text type="secondary" data-testid="erp-id">
            {t('erp.id', { id: oracleId })}
          </Typography.Text>
        ) : null}
      </Space>
      {failure ? (
        <Alert
          type="error"
          showIcon
          data-testid="erp-errors"
          title={failure.message}
          description={
            failure.lineErrors.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {failure.lineErrors.map((error) => (
                  <li key={`${error.lineNumber}-${error.message}`}>
                    {t('erp.lineError', { line: error.lineNumber, label: error.label ?? '', message: error.message })}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </Space>
  );
}
