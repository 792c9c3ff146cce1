import { orderTemplateCreateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { FormModal, type ModalState } from '../../components/form/form-modal';
import { NameItem } from '../../components/form/name-item';
import type { PickerValue } from '../../components/picker/picker';
import { BpuTemplatePickerItem, pickedId } from '../../components/pickers/bpu-template-picker-item';
import { ORDER_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { createOrderTemplate, ORDER_TEMPLATE_LIST_PATH } from './order-templates.api';

type Values = { name: string; bpuTemplate: PickerValue | null };

function payloadOf(values: Values) {
  return { name: values.name, bpuTemplate: pickedId(values.bpuTemplate) };
}

/** Creates an order template from a name and a BPU template (both required), then opens it. */
export function OrderTemplateCreateModal(modal: ModalState) {
  const { t } = useTranslation();
  return (
    <FormModal
      {...modal}
      title={t('orderTemplates.createTitle')}
      initialValues={{ name: '', bpuTemplate: null }}
      schema={orderTemplateCreateSchema}
      toPayload={payloadOf}
      submit={createOrderTemplate}
      listPath={ORDER_TEMPLATE_LIST_PATH}
      detailRoute={ORDER_TEMPLATE_DETAIL_ROUTE}
      width={640}
    >
      <NameItem label={t('orderTemplates.name')} schema={orderTemplateCreateSchema.shape.name} />
      <BpuTemplatePickerItem />
    </FormModal>
  );
}
