import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { CONTRACT_TEMPLATE_FIELDS, type TemplateFileRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Table, Typography, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES_QUERY_KEY, fetchDocumentTypes } from '../../components/document-manager/documents.api';
import { chosenFile, FileChoice } from '../../components/file-choice/file-choice';
import { SendModal, useSending } from '../../components/form/send-modal';
import { PageHeader } from '../../components/page-header';
import { ApiError, downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { formatIsoDate } from '../../lib/i18n';
import { deleteTemplateFile, fetchTemplateFiles, type TemplateFileKind, uploadTemplateFile } from './template-files.api';

/** The file the modal insists on (spec 2 §5). */
const NO_FILE = 'Veuillez sélectionner un fichier';

function UploadModal({
  kind,
  open,
  onClose,
  onUploaded,
}: {
  kind: TemplateFileKind;
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [templateName, setTemplateName] = useState('');
  const [documentTypeId, setDocumentTypeId] = useState<number | null>(null);
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { sending, run } = useSending();
  const types = useQuery({
    queryKey: DOCUMENT_TYPES_QUERY_KEY,
    queryFn: fetchDocumentTypes,
    enabled: open && kind.withDocumentType && can('document_type', 'read'),
  });
  const file = chosenFile(fileList);

  const submit = async () => {
    if (templateName.trim() === '') {
      setProblem(t('templateFiles.nameRequired'));
      return;
    }
    if (!file) {
      setProblem(NO_FILE);
      return;
    }
    // the server's reason (not a PDF, ...) is said by the global handling
    await run(async () => {
      const reply = await uploadTemplateFile(kind, { templateName: templateName.trim(), documentTypeId, file });
      if (reply.success) {
        setTemplateName('');
        setFileList([]);
        setProblem(null);
        onUploaded();
        onClose();
      }
    });
  };

  return (
    <SendModal
      open={open}
      onClose={onClose}
      title={t('templateFiles.uploadTitle')}
      okText={t('templateFiles.upload')}
      sending={sending}
      onSend={submit}
    >
      <Form.Item label={t('templateFiles.templateName')} required>
        <Input
          aria-label={t('templateFiles.templateName')}
          value={templateName}
          maxLength={255}
          onChange={(event) => setTemplateName(event.target.value)}
        />
      </Form.Item>
      {kind.withDocumentType ? (
        <Form.Item label={t('templateFiles.documentType')}>
          <Select
            aria-label={t('templateFiles.documentType')}
            allowClear
            value={documentTypeId ?? undefined}
            onChange={(value?: number) => setDocumentTypeId(value ?? null)}
            options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('templateFiles.file')} required>
        <FileChoice
          accept="application/pdf,.pdf"
          fileList={fileList}
          onChange={(next) => {
            setFileList(next);
            setProblem(null);
          }}
          label={t('templateFiles.chooseFile')}
        />
      </Form.Item>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {kind.withDocumentType ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('templateFiles.fieldsHint', { fields: Object.keys(CONTRACT_TEMPLATE_FIELDS).join(', ') })}
        </Typography.Paragraph>
      ) : null}
    </SendModal>
  );
}

/** Payment guarantees or contract templates (spec 2): the list, an upload modal, download and delete per row. */
export function TemplateFilesPage({ kind }: { kind: TemplateFileKind }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [uploading, setUploading] = useState(false);
  const list = useQuery({ queryKey: ['template-files', kind.entity], queryFn: () => fetchTemplateFiles(kind) });
  const reload = () => void list.refetch();

  const remove = async (row: TemplateFileRow) => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    try {
      await deleteTemplateFile(kind, row.id);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
    reload();
  };

  return (
    <section>
      <PageHeader
        title={t(kind.titleKey)}
        extra={
          can(kind.entity, 'create') ? (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('templateFiles.upload')}
            </Button>
          ) : null
        }
      />
      <Table<TemplateFileRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ defaultPageSize: 50, pageSizeOptions: [50, 100, 200] }}
        columns={[
          { key: 'templateName', title: t('templateFiles.templateName'), dataIndex: 'templateName' },
          ...(kind.withDocumentType
            ? [{ key: 'documentTypeName', title: t('templateFiles.documentType'), dataIndex: 'documentTypeName' }]
            : []),
          { key: 'createdAt', title: t('templateFiles.createdAt'), render: (_, row) => formatIsoDate(row.createdAt) },
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <>
                <Button
                  type="link"
                  icon={<FileOutlined />}
                  aria-label={t('templateFiles.download', { name: row.templateName })}
                  onClick={() => downloadByFormPost(`${kind.base}/${row.id}`, {})}
                >
                  {row.filename}
                </Button>
                {can(kind.entity, 'delete') ? (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('templateFiles.delete', { name: row.templateName })}
                    onClick={() => void remove(row)}
                  />
                ) : null}
              </>
            ),
          },
        ]}
      />
      <UploadModal kind={kind} open={uploading} onClose={() => setUploading(false)} onUploaded={reload} />
    </section>
  );
}
