import { ORDER_ERP_ERROR_TEXT, ORDER_ERP_SENT_TEXT, type OrderDetailRecord } from '@isf/contract';
import { Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type ErpStatusView = { color: string; text: string };

/**
 * Spec 2 §4 and §8: an ERP id means sent (no longer editable in ISF); ERROR or FAILURE a failed send;
 * CREATED or PROCESSING a send in progress; TO_SEND waiting for the send; otherwise not in the ERP.
 */
export function erpStatusView(order: Pick<OrderDetailRecord, 'oracleId' | 'oracleStatus'>, t: TFunction): ErpStatusView {
  if (order.oracleId !== null) {
    return { color: 'green', text: ORDER_ERP_SENT_TEXT };
  }
  switch (order.oracleStatus) {
    case 'ERROR':
    case 'FAILURE':
      return { color: 'red', text: ORDER_ERP_ERROR_TEXT };
    case 'CREATED':
    case 'PROCESSING':
      return { color: 'processing', text: t('orderDetail.erp.sending') };
    case 'TO_SEND':
      return { color: 'gold', text: t('orderDetail.erp.toSend') };
    case 'SUCCESS':
      return { color: 'green', text: ORDER_ERP_SENT_TEXT };
    case 'NOT_CONCERNED':
      return { color: 'default', text: t('orderDetail.erp.notConcerned') };
    case 'NOT_AVAILABLE':
      return { color: 'default', text: t('orderDetail.erp.notInErp') };
  }
}

/** The ERP status of an order, with its ERP id once sent. */
export function OrderErpStatus({ order }: { order: Pick<OrderDetailRecord, 'oracleId' | 'oracleStatus'> }) {
  const { t } = useTranslation();
  const view = erpStatusView(order, t);
  return (
    <Space size={8} wrap>
      <Tag color={view.color} style={{ whiteSpace: 'normal' }}>
        {view.text}
      </Tag>
      {order.oracleId ? (
        <Typography.Text type="secondary">{t('orderDetail.erp.id', { id: order.oracleId })}</Typography.Text>
      ) : null}
    </Space>
  );
}
