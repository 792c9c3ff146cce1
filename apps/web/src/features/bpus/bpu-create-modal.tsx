import { bpuCreateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { FormModal, type ModalState } from '../../components/form/form-modal';
import { NameItem } from '../../components/form/name-item';
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
export function BpuCreateModal(modal: ModalState) {
  const { t } = useTranslation();
  return (
    <FormModal
      {...modal}
      title={t('bpus.createTitle')}
      initialValues={{ name: '', bpuTemplate: null, market: null }}
      schema={bpuCreateSchema}
      toPayload={payloadOf}
      submit={createBpu}
      listPath={BPU_LIST_PATH}
      detailRoute={BPU_DETAIL_ROUTE}
      width={640}
    >
      <NameItem label={t('bpus.name')} schema={bpuCreateSchema.shape.name} />
      <BpuTemplatePickerItem />
      <MarketPickerItem />
    </FormModal>
  );
}
