import {
  ATTACHMENT_DELETABLE_NODES,
  ATTACHMENT_DOCUMENT_DELETABLE_NODES,
  type AttachmentDetailRecord,
  type AttachmentLineInput,
  type AttachmentUpdateInput,
  attachmentUpdateSchema,
} from '@isf/contract';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { useSubEditor } from '../../components/detail-page/use-sub-editor';
import { documentsTabs } from '../../components/document-manager/documents-tab';
import { useErpSendFollowUp } from '../../components/erp/use-erp-send-follow-up';
import { useAuth } from '../../lib/auth-store';
import { setEditing } from '../../lib/edit-mode';
import { ATTACHMENT_LIST_PATH } from '../../lib/list-paths';
import { ATTACHMENT_LIST_ROUTE } from '../../lib/routes';
import { useAttachmentHeaderActions } from './attachment-header-actions';
import { type AttachmentFormValues, AttachmentInformationTab, attachmentFormValuesOf } from './attachment-information-tab';
import { installAttachmentPreChecks, useReturnToEditOnCancel } from './attachment-workflow-checks';
import { attachmentQueryKey, deleteAttachment, fetchAttachment, orderAttachmentsKey, updateAttachment } from './attachments.api';
import { AttachmentPrestationsTab } from './prestations/attachment-prestations-tab';

// the attachment pre-checks of the workflow moves (the shell installs them too, for the node screen)
installAttachmentPreChecks();

/** Whether the attachment may be deleted now (the server says the same: a draft, or a refused one, never locked). */
function deletable(attachment: AttachmentDetailRecord): boolean {
  return !attachment.locked && ATTACHMENT_DELETABLE_NODES.includes(attachment.statusWF?.nodeCode ?? '');
}

/**
 * The attachment detail (spec 2 "Attachment detail"): Information (links, money, workflow), Prestations
 * (this time's quantities, cumulative ones, import and exports) and Documents; Edit while the server says
 * it is editable, Delete in draft or refused, Send to ERP and the PDF in the header; the attachment
 * pre-checks of the workflow moves (spec 1 §4 rules 2 to 7).
 */
export function AttachmentDetailPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const lines = useSubEditor<AttachmentLineInput[]>();
  const screen = useDetailScreen<AttachmentDetailRecord, AttachmentFormValues, AttachmentUpdateInput>({
    queryKey: attachmentQueryKey,
    fetch: fetchAttachment,
    toFormValues: attachmentFormValuesOf,
    listPaths: [ATTACHMENT_LIST_PATH],
    otherKeys: (attachment) => (attachment ? [orderAttachmentsKey(attachment.order)] : []),
    schema: attachmentUpdateSchema,
    payloadOf: (values) => ({ ...values, prestationAttachements: lines.edits() ?? undefined }),
    update: updateAttachment,
    remove: deleteAttachment,
    subEditors: [lines],
  });
  const { id, form, reload, editing, record: attachment } = screen;
  // a change beside the form (the ERP send) reads the record again, not the lines
  const reloadRecord = screen.detail.reload;
  useErpSendFollowUp(attachment?.oracleStatus, editing, reloadRecord);
  const canUpdate = can('attachement', 'update');
  const editable = canUpdate && attachment?.editable === true;

  useReturnToEditOnCancel(() => {
    if (editable) {
      setEditing(true);
    }
  });

  const header = useAttachmentHeaderActions({
    attachment,
    onChanged: () => void reloadRecord(),
    onImported: () => void reload(),
  });

  if (screen.routeId === null) {
    return <Navigate to={ATTACHMENT_LIST_ROUTE} replace />;
  }

  const tabs = attachment
    ? [
        {
          key: 'information',
          label: t('detail.information'),
          children: <AttachmentInformationTab attachment={attachment} form={form} onMoved={() => void reload()} />,
        },
        {
          key: 'prestations',
          label: t('attachmentDetail.tab.prestations'),
          children: (
            <AttachmentPrestationsTab
              attachmentId={attachment.id}
              editing={editing && editable}
              onLinesChange={lines.report}
              reloadKey={lines.reloadKey}
              importButton={header.importButton}
            />
          ),
        },
        ...documentsTabs({
          entity: 'attachement',
          id: attachment.id,
          label: t('attachmentDetail.tab.documents'),
          can,
          canDelete: canUpdate && ATTACHMENT_DOCUMENT_DELETABLE_NODES.includes(attachment.statusWF?.nodeCode ?? ''),
        }),
      ]
    : [];

  const refusal =
    attachment && canUpdate && attachment.editRefusal ? (
      <Alert type="info" showIcon title={attachment.editRefusal} style={{ marginBottom: 12 }} />
    ) : null;

  return (
    <DetailPage
      {...screen.page}
      // another attachment opens on its first tab, not on the one left open
      key={id}
      title={
        attachment ? (
          <>
            {t('attachmentDetail.title', { reference: attachment.reference })}
            {attachment.isDGD ? (
              <Tag color="blue" style={{ marginInlineStart: 12, verticalAlign: 'middle' }}>
                {t('attachmentDetail.dgd')}
              </Tag>
            ) : null}
            {attachment.locked ? (
              <Tag color="red" style={{ marginInlineStart: 8, verticalAlign: 'middle' }}>
                {t('attachmentDetail.locked')}
              </Tag>
            ) : null}
          </>
        ) : (
          t('attachmentDetail.one')
        )
      }
      entity="attachement"
      listRoute={ATTACHMENT_LIST_ROUTE}
      tabs={attachment ? tabs : undefined}
      onSave={attachment?.editable ? screen.page.onSave : undefined}
      onDelete={attachment && deletable(attachment) ? screen.page.onDelete : undefined}
      extra={header.buttons}
      banner={
        <>
          {refusal}
          {header.banner}
        </>
      }
    />
  );
}
