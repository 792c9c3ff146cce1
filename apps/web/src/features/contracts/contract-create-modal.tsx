import { contractCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { CONTRACT_DETAIL_ROUTE } from '../../lib/routes';
import { ContractFormFields, type ContractFormValues, contractPayloadOf, EMPTY_CONTRACT } from './contract-form-fields';
import { CONTRACT_LIST_PATH, createContract } from './contracts.api';

/** Creates a contract, then opens it (spec 2 Contract detail: "then goes to the Contract route with the new id"). */
export function ContractCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContractFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('contracts.createTitle')}
      form={form}
      initialValues={EMPTY_CONTRACT}
      schema={contractCreateSchema}
      toPayload={contractPayloadOf}
      submit={createContract}
      listPath={CONTRACT_LIST_PATH}
      detailRoute={CONTRACT_DETAIL_ROUTE}
      width={720}
    >
      <ContractFormFields />
    </FormModal>
  );
}
