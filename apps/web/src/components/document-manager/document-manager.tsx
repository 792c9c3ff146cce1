import { DeleteOutlined, FileOutlined } from '@ant-design/icons';
import type { OwnerDocumentRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError, downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { QueryTable } from '../data-table/query-table';
import { DocumentComment } from './document-comment';
import { DocumentUploadForm } from './document-upload-form';
import { DocumentWorkflowButton } from './document-workflow-button';
import { type DocumentOwnerEntity, deleteDocument, documentsQueryKey, fetchDocuments } from './documents.api';
import { formatFileSize } from './file-size';

export type DocumentManagerProps = {
  entity: DocumentOwnerEntity;
  entityId: number;
  /**
   * The owner's side of the delete rule (spec: deleting a document needs the update right on the owner,
   * e.g. `can('company', 'update')`); the document delete right is checked here.
   */
  canDelete: boolean;
  /** The owner's side of the add rule (an envelope takes documents only in draft); true when the owner has none. */
  canAdd?: boolean;
  /**
   * The documents are part of their owner (an envelope's): the owner's read right is enough to read them, and
   * their step follows the owner's, so it is shown without a workflow of their own.
   */
  followsOwner?: boolean;
};

const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The Documents tab of companies, agencies, projects (and later orders and markets): the owner's
 * documents (download by form post, type, comment edited in place, date, size), an upload form and
 * deletion after confirmation. Each action follows the document rights of the profile.
 */
export function DocumentManager({ entity, entityId, canDelete, canAdd = true, followsOwner = false }: DocumentManagerProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const canRead = can('document', 'read') || (followsOwner && can(entity, 'read'));
  const canUpload = canAdd && can('document', 'create');
  const canEditComment = can('document', 'update');
  const canRemove = canDelete && can('document', 'delete');
  const query = useQuery({
    queryKey: documentsQueryKey(entity, entityId),
    queryFn: () => fetchDocuments(entity, entityId),
    enabled: canRead,
    staleTime: 0,
  });
  const reload = () => {
    void query.refetch();
  };

  const remove = async (document: OwnerDocumentRow) => {
    if (!(await getFeedback().confirm({ content: t('confirm.deleteDocument') }))) {
      return;
    }
    try {
      await deleteDocument(document.id);
    } catch (error) {
      // Spec 1 §8: a failed deletion is only logged (HTTP failures also had the global handling).
      if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
    reload();
  };

  const columns: TableColumnsType<OwnerDocumentRow> = [
    {
      key: 'filename',
      title: t('documents.filename'),
      render: (_value, document) => (
        <Button
          type="link"
          size="small"
          icon={<FileOutlined />}
          style={{ paddingInline: 0 }}
          aria-label={t('documents.download', { name: document.filename })}
          title={t('documents.download', { name: document.filename })}
          onClick={() => downloadByFormPost(`/document/${document.id}`, {})}
        >
          {document.filename}
        </Button>
      ),
    },
    { key: 'typeName', dataIndex: 'typeName', title: t('documents.type') },
    {
      key: 'comment',
      title: t('documents.comment'),
      render: (_value, document) => <DocumentComment document={document} editable={canEditComment} onChanged={reload} />,
    },
    {
      key: 'statusWF',
      title: t('documents.statusWF'),
      render: (_value, document) =>
        followsOwner ? (
          <Tag>{document.statusWF ?? t('documents.noWorkflow')}</Tag>
        ) : (
          <DocumentWorkflowButton document={document} onMoved={reload} />
        ),
    },
    {
      key: 'createdAt',
      title: t('documents.createdAt'),
      width: 120,
      render: (_value, document) => dayjs(document.createdAt).format(DATE_FORMAT),
    },
    {
      key: 'size',
      title: t('documents.size'),
      width: 110,
      align: 'right',
      render: (_value, document) => formatFileSize(document.size, t),
    },
    ...(canRemove
      ? [
          {
            key: 'actions',
            title: '',
            width: 56,
            render: (_value: unknown, document: OwnerDocumentRow) => (
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('documents.delete', { name: document.filename })}
                title={t('documents.delete', { name: document.filename })}
                onClick={() => void remove(document)}
              />
            ),
          },
        ]
      : []),
  ];

  if (!canRead) {
    return <Typography.Text type="secondary">{t('rights.noReadAccess')}</Typography.Text>;
  }

  return (
    <div className="isf-document-manager">
      {canUpload ? <DocumentUploadForm entity={entity} entityId={entityId} onUploaded={reload} /> : null}
      <QueryTable<OwnerDocumentRow> columns={columns} rows={query.data} fetching={query.isFetching} failed={query.isError} />
    </div>
  );
}
