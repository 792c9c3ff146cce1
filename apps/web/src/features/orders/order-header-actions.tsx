import { FilePdfOutlined } from '@ant-design/icons';
import {
  canDownloadDocumentPdf,
  erpSending,
  ORDER_CONFIRM_SEND_TO_ERP,
  type OrderDetailRecord,
  orderHeaderActions,
} from '@isf/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCsvImport } from '../../components/csv-import/use-csv-import';
import { SendToErpButton } from '../../components/erp/send-to-erp-button';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { downloadOrderPdf, importOrderLines, sendOrderToErp } from './order-detail.api';

export const ORDER_FINANCIAL_OPTION = 'serviceorders.edit_financial_info';

export type OrderHeaderActionsOptions = {
  order: OrderDetailRecord | undefined;
  /** Reloads the order (after a send to the ERP). */
  onChanged: () => void;
  /** After an import: the lines and the total changed. */
  onImported: () => void;
};

/**
 * The screen-specific header actions of an order (spec 2 "Service order detail"): Import (update right,
 * unlocked order, CSV only, line errors reported under the header), Send to ERP (validated order without
 * ERP id, after the spec's confirmation) and the PDF (download option or financial option). Edit and
 * Delete are the detail page's own. Import and send wait while the page is in edit mode.
 */
export function useOrderHeaderActions({ order, onChanged, onImported }: OrderHeaderActionsOptions): {
  buttons: ReactNode;
  banner: ReactNode;
} {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const editing = useEditMode();
  const csv = useCsvImport({
    send: (file) => importOrderLines(order?.id ?? 0, file),
    onImported,
  });
  if (!order) {
    return { buttons: null, banner: null };
  }
  const shown = orderHeaderActions(order, {
    canUpdate: can('order', 'update'),
    canDelete: can('order', 'delete'),
    canDownload: canDownloadDocumentPdf(hasOption),
  });

  const buttons = (
    <>
      {shown.import && !editing ? csv.button : null}
      {shown.sendToErp ? (
        <SendToErpButton
          label={t('orderDetail.sendToErp')}
          confirmText={ORDER_CONFIRM_SEND_TO_ERP}
          send={() => sendOrderToErp(order.id)}
          running={erpSending(order.oracleStatus)}
          onDone={onChanged}
        />
      ) : null}
      {shown.pdf ? (
        <Button icon={<FilePdfOutlined />} onClick={() => downloadOrderPdf(order.id)}>
          {t('orderDetail.pdf')}
        </Button>
      ) : null}
    </>
  );
  return { buttons, banner: csv.report };
}
