import { CONTRACT_TEMPLATE_FIELDS } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadByFormPost } from '../../lib/api-client';
import { CONTRACT_TEMPLATES, fetchTemplateFiles } from '../template-files';

/** The path of a template filled with a contract's fields (a form post: the browser downloads it). */
export const filledTemplatePath = (contractId: number, templateId: number) =>
  `/contract/${contractId}/contracttemplate/${templateId}`;

/**
 * "Download contract template" (spec 2 Envelope manager): the buyer chooses a contract template and
 * downloads it filled with the contract's number, agency, company, dates and referents.
 */
export function ContractTemplateModal({ contractId, open, onClose }: { contractId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const templates = useQuery({
    queryKey: ['template-files', CONTRACT_TEMPLATES.entity],
    queryFn: () => fetchTemplateFiles(CONTRACT_TEMPLATES),
    enabled: open,
  });
  const rows = templates.data ?? [];

  return (
    <Modal
      open={open}
      title={t('envelopes.templateTitle')}
      okText={t('envelopes.templateDownload')}
      okButtonProps={{ disabled: templateId === null }}
      onOk={() => {
        if (templateId !== null) {
          downloadByFormPost(filledTemplatePath(contractId, templateId), {});
          onClose();
        }
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('envelopes.template')} htmlFor="contract-template" required>
          <Select<number>
            id="contract-template"
            value={templateId ?? undefined}
            placeholder={t('validation.selectItem')}
            loading={templates.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={rows.map((row) => ({
              value: row.id,
              label: row.documentTypeName ? `${row.templateName} (${row.documentTypeName})` : row.templateName,
            }))}
            onChange={(value) => setTemplateId(value)}
          />
        </Form.Item>
      </Form>
      {templates.isSuccess && rows.length === 0 ? <Alert type="info" showIcon title={t('envelopes.noTemplate')} /> : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('envelopes.templateHint', { fields: Object.values(CONTRACT_TEMPLATE_FIELDS).join(', ') })}
      </Typography.Paragraph>
    </Modal>
  );
}
