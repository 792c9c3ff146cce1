import { companyCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { COMPANY_DETAIL_ROUTE } from '../../lib/routes';
import { COMPANY_LIST_PATH, createCompany } from './companies.api';
import { CompanyFormFields, type CompanyFormValues, EMPTY_COMPANY } from './company-form-fields';

/** Creates a company, then opens it. */
export function CompanyCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('companies.createTitle')}
      form={form}
      initialValues={EMPTY_COMPANY}
      schema={companyCreateSchema}
      submit={createCompany}
      listPath={COMPANY_LIST_PATH}
      detailRoute={COMPANY_DETAIL_ROUTE}
    >
      <CompanyFormFields />
    </FormModal>
  );
}
