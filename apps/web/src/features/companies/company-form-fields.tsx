import { companyCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';

/** The values of a company form (creation modal and detail). */
export type CompanyFormValues = { edifice: string; name: string; siren: string; manager: string; mail: string };

export const EMPTY_COMPANY: CompanyFormValues = { edifice: '', name: '', siren: '', manager: '', mail: '' };

const shape = companyCreateSchema.shape;

/** The company fields (spec 3 §5): edifice code and name required, mail of email type. */
export function CompanyFormFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="edifice" label={t('subcontractors.edifice')} required rules={[schemaRule(shape.edifice, t)]}>
        <TrimmedInput maxLength={50} />
      </Form.Item>
      <Form.Item name="name" label={t('subcontractors.name')} required rules={[schemaRule(shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="siren" label={t('companies.siren')} rules={[schemaRule(shape.siren, t)]}>
        <TrimmedInput maxLength={9} />
      </Form.Item>
      <Form.Item name="manager" label={t('subcontractors.manager')} rules={[schemaRule(shape.manager, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="mail" label={t('subcontractors.mail')} rules={[schemaRule(shape.mail, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
    </>
  );
}
