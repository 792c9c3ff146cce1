import { DeleteOutlined, EditOutlined, FileOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { deleteDocument } from '../../components/document-manager/documents.api';
import { formatFileSize } from '../../components/document-manager/file-size';
import { PageHeader } from '../../components/page-header';
import { ValidatorsTable } from '../../components/validators-table';
import { WorkflowPanel } from '../../components/workflow-panel/workflow-panel';
import { ApiError, downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { formatIsoDate } from '../../lib/i18n';
import { SignatureSendModal, SignatureStatusAlert, signatureQueryKey } from '../signatures';
import { DocumentOwnerLink } from './document-owner-link';
import {
  documentQueryKey,
  documentValidatorsQueryKey,
  fetchDocumentDetail,
  fetchDocumentValidators,
} from './documents-screen.api';

/** The step from which a document may be sent to signature (spec 1 §4). */
const SIGNABLE_NODE = 'doc_validated';

/**
 * A document's detail (spec 2 /document/{id}): what it is and what it is attached to, its download, its
 * validators, its workflow with history, the send-to-signature modal and deletion under the owner's rule.
 */
export function DocumentDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { can, hasOption } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signing, setSigning] = useState(false);
  const document = useQuery({ queryKey: documentQueryKey(id), queryFn: () => fetchDocumentDetail(id) });
  const validators = useQuery({ queryKey: documentValidatorsQueryKey(id), queryFn: () => fetchDocumentValidators(id) });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: documentQueryKey(id) });
  };

  if (!document.data) {
    return document.isLoading ? null : <Empty description={t('documentsScreen.notFound')} />;
  }
  const record = document.data;

  const remove = async () => {
    if (!(await getFeedback().confirm({ content: t('confirm.deleteDocument') }))) {
      return;
    }
    try {
      if ((await deleteDocument(record.id)).success) {
        void navigate('/documents');
      }
    } catch (error) {
      // a refused deletion (the owner's rule) is said; other failures are only logged (spec 1 §8)
      if (error instanceof ApiError && error.status === 422) {
        getFeedback().warning(error.body?.error ?? '');
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
  };

  // an envelope's documents are signed with their envelope (its manager sends it)
  const canSign =
    record.entity !== 'envelope' &&
    record.nodeCode === SIGNABLE_NODE &&
    hasOption('envelopes.can_send_for_signature') &&
    can('document', 'update');
  return (
    <section>
      <PageHeader
        title={t('documentsScreen.detailTitle', { name: record.filename })}
        backTo="/documents"
        extra={
          <Space wrap>
            <Button icon={<FileOutlined />} onClick={() => downloadByFormPost(`/document/${record.id}`, {})}>
              {t('documentsScreen.download')}
            </Button>
            {canSign ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setSigning(true)}>
                {t('signature.sendToSignature')}
              </Button>
            ) : null}
            {record.canDelete && can('document', 'delete') ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => void remove()}>
                {t('detail.delete')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('documents.filename')}>{record.filename}</Descriptions.Item>
          <Descriptions.Item label={t('documentsScreen.type')}>{record.typeName}</Descriptions.Item>
          <Descriptions.Item label={t('documentsScreen.owner')}>
            <DocumentOwnerLink
              entity={record.entity}
              entityId={record.entityId}
              name={record.ownerName}
              parentId={record.ownerParentId}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('documents.createdAt')}>{formatIsoDate(record.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('documents.size')}>{formatFileSize(record.size, t)}</Descriptions.Item>
          <Descriptions.Item label={t('documents.comment')}>{record.comment}</Descriptions.Item>
        </Descriptions>
        <SignatureStatusAlert target={{ documentId: record.id }} />
        <Card size="small" title={t('envelopes.validators')}>
          <ValidatorsTable validators={validators.data ?? []} loading={validators.isLoading} />
        </Card>
        <Card size="small" title={t('envelopes.workflow')}>
          <WorkflowPanel
            entity="document"
            entityId={record.id}
            onMoved={() => {
              reload();
              void queryClient.invalidateQueries({ queryKey: documentValidatorsQueryKey(id) });
            }}
          />
        </Card>
      </Space>
      <SignatureSendModal
        target={{ docIds: [record.id] }}
        open={signing}
        onClose={() => setSigning(false)}
        onSent={() => {
          void queryClient.invalidateQueries({ queryKey: signatureQueryKey({ documentId: record.id }) });
          reload();
        }}
      />
    </section>
  );
}
