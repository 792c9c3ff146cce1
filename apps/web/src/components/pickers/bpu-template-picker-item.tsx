import type { BpuTemplateRow } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { BPU_TEMPLATE_LIST_PATH } from '../../lib/list-paths';
import { BPU_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { Picker, type PickerValue } from '../picker/picker';

/** The id a picked template sends (null while none is picked: the schema then answers 'select an item'). */
export function pickedId(value: PickerValue | null | undefined): number | null {
  return value?.id ?? null;
}

/** The required BPU template of a creation form (BPU, order template), chosen in the template list. */
export function BpuTemplatePickerItem({ name = 'bpuTemplate' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('bpuTemplates.one')}
      required
      rules={[
        {
          validator: async (_rule, value: PickerValue | null | undefined) => {
            if (!value) {
              throw new Error(t('validation.selectItem'));
            }
          },
        },
      ]}
    >
      <Picker<BpuTemplateRow>
        entity="bpu_template"
        listPath={BPU_TEMPLATE_LIST_PATH}
        title={t('bpuTemplates.one')}
        required
        detailRoute={BPU_TEMPLATE_DETAIL_ROUTE}
        columns={[
          { key: 'name', title: t('bpuTemplates.name') },
          { key: 'prestationCount', title: t('bpuTemplates.prestationCount'), align: 'right', filter: false, nullFilter: false },
        ]}
        toValue={(row) => ({ id: row.id, label: row.name })}
      />
    </Form.Item>
  );
}
