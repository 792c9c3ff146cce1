import { UploadOutlined } from '@ant-design/icons';
import {
  CRITERIA_OF_TYPE,
  EVALUATION_DOCUMENT_TYPE_CODE,
  EVALUATION_FILE_TOO_LARGE_MESSAGE,
  EVALUATION_MAX_FILE_BYTES,
  type EvaluationCriterion,
} from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES_QUERY_KEY, fetchDocumentTypes } from '../../components/document-manager/documents.api';
import { EvaluationRatingFields } from '../../components/evaluation-rating-fields';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { createProcurementEvaluation, createSafetyEvaluation, uploadEvaluationFile } from './evaluations.api';

export type AgencyEvaluationKind = 'safety' | 'procurement';
type Values = Partial<Record<EvaluationCriterion, number>> & { comment?: string };

/** Whether a file may be attached (spec 3 §5: 2 MB at most per file). */
export function fileFits(file: { size: number }): boolean {
  return file.size <= EVALUATION_MAX_FILE_BYTES;
}

/**
 * The evaluation dialog of an agency (spec 3 §4, §5): one star rating per criterion of the type (1 to 5),
 * a comment required below 3 stars, optional attachments of at most 2 MB, submit or cancel.
 */
export function EvaluationCreateModal({
  agencyId,
  kind,
  onClose,
}: {
  agencyId: number;
  kind: AgencyEvaluationKind;
  onClose: (created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [saving, setSaving] = useState(false);
  const criteria = CRITERIA_OF_TYPE[kind];
  const canAttach = can('document', 'create') && can('document_type', 'read');
  const types = useQuery({ queryKey: DOCUMENT_TYPES_QUERY_KEY, queryFn: fetchDocumentTypes, enabled: canAttach });
  const evaluationType = types.data?.find((type) => type.code === EVALUATION_DOCUMENT_TYPE_CODE);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const comment = values.comment?.trim() || null;
      const reply =
        kind === 'safety'
          ? await createSafetyEvaluation(agencyId, { safety: values.safety ?? 0, comment })
          : await createProcurementEvaluation(agencyId, { rse: values.rse ?? 0, relational: values.relational ?? 0, comment });
      if (!reply.success) {
        return;
      }
      if (evaluationType) {
        for (const file of files) {
          if (file.originFileObj) {
            await uploadEvaluationFile(reply.id, evaluationType.id, file.originFileObj);
          }
        }
      }
      getFeedback().success(t('evaluations.created'));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(`evaluations.create.${kind}`)}
      okText={t('evaluations.submit')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <EvaluationRatingFields form={form} criteria={criteria} />
        {canAttach && evaluationType ? (
          <Form.Item label={t('evaluations.attachments')} extra={t('evaluations.attachmentsHint')}>
            <Upload
              multiple
              fileList={files}
              beforeUpload={(file) => {
                if (!fileFits(file)) {
                  getFeedback().warning(`${file.name} : ${EVALUATION_FILE_TOO_LARGE_MESSAGE}`);
                  return Upload.LIST_IGNORE;
                }
                return false;
              }}
              onChange={({ fileList }) => setFiles(fileList)}
            >
              <Button icon={<UploadOutlined />}>{t('evaluations.addFile')}</Button>
            </Upload>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
