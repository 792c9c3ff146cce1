import { bpuTemplateCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { BPU_TEMPLATE_LIST_PATH } from '../../lib/list-paths';
import { BPU_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { createBpuTemplate } from './bpu-templates.api';

type Values = { name: string };

/** Creates a BPU template from its name, then opens it. */
export function BpuTemplateCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('bpuTemplates.createTitle')}
      form={form}
      initialValues={{ name: '' }}
      schema={bpuTemplateCreateSchema}
      submit={createBpuTemplate}
      listPath={BPU_TEMPLATE_LIST_PATH}
      detailRoute={BPU_TEMPLATE_DETAIL_ROUTE}
    >
      <Form.Item name="name" label={t('bpuTemplates.name')} required rules={[schemaRule(bpuTemplateCreateSchema.shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
