import { bpuTemplateUpdateSchema } from '@isf/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { issueText, parseInFrench } from '../../components/form/schema-rules';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { type BpuTemplateRecord, updateBpuTemplate } from './bpu-templates.api';

type BpuTemplateNameProps = {
  template: BpuTemplateRecord;
  editable: boolean;
  onSaved: (record?: BpuTemplateRecord) => void;
  /** After a refusal for a stale version: reload the template. */
  onStale: () => void;
};

/** The template's name, edited in place (spec 3 /sst/bputemplate/{id}) and saved at once with its version. */
export function BpuTemplateName({ template, editable, onSaved, onStale }: BpuTemplateNameProps) {
  const { t } = useTranslation();

  const rename = async (value: string) => {
    const parsed = parseInFrench(bpuTemplateUpdateSchema, { name: value, version: template.version });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      getFeedback().warning(issue ? issueText(issue, t) : t('validation.required'));
      return;
    }
    if (parsed.data.name === template.name) {
      return;
    }
    try {
      const reply = await updateBpuTemplate(template.id, parsed.data);
      if (reply.success) {
        getFeedback().success(t('bpuTemplates.renamed'));
        onSaved(reply.record);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onStale();
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
  };

  return (
    <Typography.Text
      style={{ font: 'inherit' }}
      editable={
        editable
          ? { onChange: (value) => void rename(value), tooltip: t('bpuTemplates.rename'), text: template.name, maxLength: 255 }
          : false
      }
    >
      {template.name}
    </Typography.Text>
  );
}
