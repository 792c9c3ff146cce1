import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Typography, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { chosenFile, FileChoice } from '../file-choice/file-choice';
import { DOCUMENT_TYPES_QUERY_KEY, type DocumentOwnerEntity, fetchDocumentTypes, uploadDocument } from './documents.api';

type DocumentUploadFormProps = {
  entity: DocumentOwnerEntity;
  entityId: number;
  onUploaded: () => void;
};

/**
 * Adds a document (spec 1 §5): a file and a type are required. Without a file the form says "no file
 * selected"; without a type an alert asks to complete all fields. The file is sent with the form, not
 * by the upload widget (`beforeUpload` returns false).
 */
export function DocumentUploadForm({ entity, entityId, onUploaded }: DocumentUploadFormProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [noFile, setNoFile] = useState(false);
  const [sending, setSending] = useState(false);
  const types = useQuery({
    queryKey: DOCUMENT_TYPES_QUERY_KEY,
    queryFn: fetchDocumentTypes,
    // Without the read right the call would end the session (403): the list stays empty instead.
    enabled: can('document_type', 'read'),
  });

  const file = chosenFile(fileList);

  const submit = async () => {
    if (!file) {
      setNoFile(true);
      return;
    }
    if (typeId === null) {
      getFeedback().alert({ title: t('documents.completeAllFields') });
      return;
    }
    setSending(true);
    try {
      const reply = await uploadDocument({ file, typeId, entity, entityId, comment: comment.trim() });
      if (!reply.success) {
        getFeedback().alert({ title: t('documents.uploadFailed') });
        return;
      }
      setFileList([]);
      setTypeId(null);
      setComment('');
      getFeedback().success(t('documents.uploaded'));
      onUploaded();
    } catch (error) {
      // HTTP failures already raised the global alert, with the server's reason.
      if (!(error instanceof ApiError)) {
        getFeedback().alert({ title: t('documents.uploadFailed') });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Card size="small" title={t('documents.addTitle')} style={{ marginBottom: 16 }}>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Flex gap={16} wrap align="flex-start">
          <Form.Item
            label={t('documents.file')}
            required
            validateStatus={noFile ? 'error' : undefined}
            help={noFile ? t('documents.noFileSelected') : undefined}
            style={{ minWidth: 240, marginBottom: 8 }}
          >
            <FileChoice
              fileList={fileList}
              onChange={(next) => {
                setFileList(next);
                setNoFile(false);
              }}
              icon={<PaperClipOutlined />}
              label={t('documents.chooseFile')}
            />
          </Form.Item>
          <Form.Item label={t('documents.type')} htmlFor="document-type" required style={{ width: 240, marginBottom: 8 }}>
            <Select<number>
              id="document-type"
              value={typeId ?? undefined}
              placeholder={t('documents.typePlaceholder')}
              loading={types.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
              onChange={(value) => setTypeId(value)}
            />
          </Form.Item>
          <Form.Item
            label={t('documents.comment')}
            htmlFor="document-comment"
            style={{ flex: 1, minWidth: 240, marginBottom: 8 }}
          >
            <Input id="document-comment" value={comment} maxLength={2000} onChange={(event) => setComment(event.target.value)} />
          </Form.Item>
          <Form.Item label=" " colon={false} style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" icon={<UploadOutlined />} loading={sending}>
              {t('documents.send')}
            </Button>
          </Form.Item>
        </Flex>
        {!can('document_type', 'read') ? <Typography.Text type="secondary">{t('documents.noTypeAccess')}</Typography.Text> : null}
      </Form>
    </Card>
  );
}
