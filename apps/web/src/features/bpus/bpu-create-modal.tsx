import { bpuCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import type { PickerValue } from '../../components/picker/picker';
import { BpuTemplatePickerItem, pickedId } from '../../components/pickers/bpu-template-picker-item';
import { MarketPickerItem } from '../../components/pickers/market-picker-item';
import { BPU_DETAIL_ROUTE } from '../../lib/routes';
import { BPU_LIST_PATH, createBpu } from './bpus.api';

type Values = { name: string; bpuTemplate: PickerValue | null; market: PickerValue | null };

function payloadOf(values: Values) {
  return { name: values.name, bpuTemplate: pickedId(values.bpuTemplate), market: pickedId(values.market) };
}

/** Creates a BPU from a name, a BPU template and an active market (spec 3 §5), then opens it. */
export function BpuCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('bpus.createTitle')}
      form={form}
      initialValues={{ name: '', bpuTemplate: null, market: null }}
      schema={bpuCreateSchema}
      toPayload={payloadOf}
      submit={createBpu}
      listPath={BPU_LIST_PATH}
      detailRoute={BPU_DETAIL_ROUTE}
      width={640}
    >
      <Form.Item name="name" label={t('bpus.name')} required rules={[schemaRule(bpuCreateSchema.shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <BpuTemplatePickerItem />
      <MarketPickerItem />
    </FormModal>
  );
}
