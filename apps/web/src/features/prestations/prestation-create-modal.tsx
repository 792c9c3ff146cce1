import { prestationCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { PRESTATION_LIST_PATH } from '../../lib/list-paths';
import { PRESTATION_DETAIL_ROUTE } from '../../lib/routes';
import { EMPTY_PRESTATION, PrestationFormFields, type PrestationFormValues } from './prestation-form-fields';
import { createPrestation } from './prestations.api';

/** Creates a prestation, then opens it. */
export function PrestationCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PrestationFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('prestations.createTitle')}
      form={form}
      initialValues={EMPTY_PRESTATION}
      schema={prestationCreateSchema}
      submit={createPrestation}
      listPath={PRESTATION_LIST_PATH}
      detailRoute={PRESTATION_DETAIL_ROUTE}
      width={720}
    >
      <PrestationFormFields creating />
    </FormModal>
  );
}
