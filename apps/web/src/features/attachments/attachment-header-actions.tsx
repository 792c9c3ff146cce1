import { FilePdfOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_CONFIRM_SEND_TO_ERP,
  ATTACHMENT_VALIDATED_NODES,
  type AttachmentDetailRecord,
  attachmentErpSending,
  canDownloadDocumentPdf,
} from '@isf/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCsvImport } from '../../components/csv-import/use-csv-import';
import { SendToErpButton } from '../../components/erp/send-to-erp-button';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { downloadAttachmentPdf, importAttachmentLines, sendAttachmentToErp } from './attachments.api';

/** Which header actions an attachment offers the user (spec 2 "Attachment detail", §6). */
export function attachmentHeaderActions(
  attachment: Pick<AttachmentDetailRecord, 'editable' | 'oracleId' | 'statusWF'>,
  rights: { canUpdate: boolean; canDownload: boolean },
): { import: boolean; sendToErp: boolean; pdf: boolean } {
  const validated = ATTACHMENT_VALIDATED_NODES.includes(attachment.statusWF?.nodeCode ?? '');
  return {
    import: rights.canUpdate && attachment.editable,
    sendToErp: rights.canUpdate && validated && attachment.oracleId === null,
    pdf: rights.canDownload,
  };
}

export type AttachmentHeaderActionsOptions = {
  attachment: AttachmentDetailRecord | undefined;
  /** Reloads the attachment (after a send to the ERP). */
  onChanged: () => void;
  /** After an import: the lines and the amount changed. */
  onImported: () => void;
};

/**
 * The header actions of an attachment: Send to ERP (a validated attachment without ERP id, after the
 * spec's confirmation) and the PDF (the order PDF's options); the CSV import (update right, editable
 * attachment, line errors reported under the header) is placed by the Prestations tab.
 */
export function useAttachmentHeaderActions({ attachment, onChanged, onImported }: AttachmentHeaderActionsOptions): {
  buttons: ReactNode;
  importButton: ReactNode;
  banner: ReactNode;
} {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const editing = useEditMode();
  const csv = useCsvImport({ send: (file) => importAttachmentLines(attachment?.id ?? 0, file), onImported });
  if (!attachment) {
    return { buttons: null, importButton: null, banner: null };
  }
  const shown = attachmentHeaderActions(attachment, {
    canUpdate: can('attachement', 'update'),
    canDownload: canDownloadDocumentPdf(hasOption),
  });

  const buttons = (
    <>
      {shown.sendToErp ? (
        <SendToErpButton
          label={t('attachmentDetail.sendToErp')}
          confirmText={ATTACHMENT_CONFIRM_SEND_TO_ERP}
          send={() => sendAttachmentToErp(attachment.id)}
          running={attachmentErpSending(attachment.oracleStatus)}
          onDone={onChanged}
        />
      ) : null}
      {shown.pdf ? (
        <Button icon={<FilePdfOutlined />} onClick={() => downloadAttachmentPdf(attachment.id)}>
          {t('attachmentDetail.pdf')}
        </Button>
      ) : null}
    </>
  );
  return { buttons, importButton: shown.import && !editing ? csv.button : null, banner: csv.report };
}
