import { bpuTemplateCreateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { FormModal, type ModalState } from '../../components/form/form-modal';
import { NameItem } from '../../components/form/name-item';
import { BPU_TEMPLATE_LIST_PATH } from '../../lib/list-paths';
import { BPU_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { createBpuTemplate } from './bpu-templates.api';

/** Creates a BPU template from its name, then opens it. */
export function BpuTemplateCreateModal(modal: ModalState) {
  const { t } = useTranslation();
  return (
    <FormModal
      {...modal}
      title={t('bpuTemplates.createTitle')}
      initialValues={{ name: '' }}
      schema={bpuTemplateCreateSchema}
      submit={createBpuTemplate}
      listPath={BPU_TEMPLATE_LIST_PATH}
      detailRoute={BPU_TEMPLATE_DETAIL_ROUTE}
    >
      <NameItem label={t('bpuTemplates.name')} schema={bpuTemplateCreateSchema.shape.name} />
    </FormModal>
  );
}
