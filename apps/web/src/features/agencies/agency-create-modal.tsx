import { agencyCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { AGENCY_DETAIL_ROUTE } from '../../lib/routes';
import { AGENCY_LIST_PATH, createAgency } from './agencies.api';
import { AgencyFormFields, type AgencyFormValues } from './agency-form-fields';
import { useSiretLookup } from './use-siret-lookup';

type CompanyOption = { id: number; edifice: string; name: string; siren: string | null };

const INITIAL_VALUES: AgencyFormValues = {
  company: null,
  siret: '',
  name: '',
  address: '',
  edifice: '',
  manager: '',
  phone: '',
  mail: '',
  synchronize: false,
};

function payloadOf({ company, ...values }: AgencyFormValues) {
  return { ...values, companyId: company?.id };
}

/** The fields, mounted with the modal: each opening starts with a fresh lookup. */
function AgencyCreateFields({ companyLocked }: { companyLocked: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<AgencyFormValues>();
  const lookup = useSiretLookup((found) => form.setFieldsValue({ name: found.name, address: found.address }));
  return (
    <>
      <Form.Item
        name="company"
        label={t('agencies.company')}
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
        <Picker<CompanyOption>
          entity="company"
          listPath="/companies"
          title={t('agencies.company')}
          required
          disabled={companyLocked}
          columns={[
            { key: 'edifice', title: t('subcontractors.edifice') },
            { key: 'name', title: t('subcontractors.name') },
            { key: 'siren', title: t('companies.siren') },
          ]}
          toValue={(row) => ({ id: row.id, label: row.name })}
        />
      </Form.Item>
      <AgencyFormFields lookup={lookup} />
    </>
  );
}

type AgencyCreateModalProps = {
  open: boolean;
  onClose: () => void;
  /** The company the agency is created for (from the company detail): preset and fixed. */
  company?: PickerValue;
  onCreated?: (id: number) => void;
};

/**
 * Creates an agency (spec 3 §5): company, name and a SIRET looked up in the registry are required.
 * From the agency list the new agency opens; from a company the modal closes on its agencies.
 */
export function AgencyCreateModal({ open, onClose, company, onCreated }: AgencyCreateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgencyFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('agencies.createTitle')}
      form={form}
      initialValues={{ ...INITIAL_VALUES, company: company ?? null }}
      schema={agencyCreateSchema}
      toPayload={payloadOf}
      submit={createAgency}
      listPath={AGENCY_LIST_PATH}
      detailRoute={company ? undefined : AGENCY_DETAIL_ROUTE}
      onDone={onCreated}
      width={680}
    >
      <AgencyCreateFields companyLocked={company !== undefined} />
    </FormModal>
  );
}
