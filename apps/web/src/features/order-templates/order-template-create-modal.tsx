import { orderTemplateCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import type { PickerValue } from '../../components/picker/picker';
import { BpuTemplatePickerItem, pickedId } from '../../components/pickers/bpu-template-picker-item';
import { ORDER_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { createOrderTemplate, ORDER_TEMPLATE_LIST_PATH } from './order-templates.api';

type Values = { name: string; bpuTemplate: PickerValue | null };

function payloadOf(values: Values) {
  return { name: values.name, bpuTemplate: pickedId(values.bpuTemplate) };
}

/** Creates an order template from a name and a BPU template (both required), then opens it. */
export function OrderTemplateCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('orderTemplates.createTitle')}
      form={form}
      initialValues={{ name: '', bpuTemplate: null }}
      schema={orderTemplateCreateSchema}
      toPayload={payloadOf}
      submit={createOrderTemplate}
      listPath={ORDER_TEMPLATE_LIST_PATH}
      detailRoute={ORDER_TEMPLATE_DETAIL_ROUTE}
      width={640}
    >
      <Form.Item
        name="name"
        label={t('orderTemplates.name')}
        required
        rules={[schemaRule(orderTemplateCreateSchema.shape.name, t)]}
      >
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <BpuTemplatePickerItem />
    </FormModal>
  );
}
