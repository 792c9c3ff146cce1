import { ORDER_ERP_ERROR_TEXT, ORDER_ERP_SENT_TEXT, type OrderDetailRecord } from '@isf/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErpSendStatus, type ErpStatusView } from '../../components/erp/erp-send-status';

type OrderErpFacts = Pick<OrderDetailRecord, 'oracleId' | 'oracleStatus' | 'erpSend'>;

/**
 * Spec 2 §4 and §8: an ERP id means sent (no longer editable in ISF); ERROR or FAILURE a failed send;
 * CREATED or PROCESSING a send in progress; otherwise not in the ERP.
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
    case 'SUCCESS':
      return { color: 'green', text: ORDER_ERP_SENT_TEXT };
    case 'NOT_CONCERNED':
      return { color: 'default', text: t('orderDetail.erp.notConcerned') };
    case 'NOT_AVAILABLE':
      return { color: 'default', text: t('orderDetail.erp.notInErp') };
  }
}

/** The ERP status of an order, with its ERP id once sent and the ERP's message after a failed send. */
export function OrderErpStatus({ order }: { order: OrderErpFacts }) {
  const { t } = useTranslation();
  return (
    <ErpSendStatus
      view={erpStatusView(order, t)}
      oracleStatus={order.oracleStatus}
      oracleId={order.oracleId}
      erpSend={order.erpSend}
    />
  );
}
