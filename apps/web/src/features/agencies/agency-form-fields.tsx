import { agencyUpdateSchema } from '@isf/contract';
import { Alert, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import type { PickerValue } from '../../components/picker/picker';
import { SiretField } from './siret-field';
import { inThirdPartyOf, onboardedOf, type SiretLookupController } from './use-siret-lookup';

/** The values of an agency form (creation modal and detail). */
export type AgencyFormValues = {
  company?: PickerValue | null;
  siret: string;
  name: string;
  address: string;
  edifice: string;
  manager: string;
  phone: string;
  mail: string;
  synchronize: boolean;
  inviteMail?: string;
};

const shape = agencyUpdateSchema.shape;

type AgencyFormFieldsProps = {
  lookup: SiretLookupController;
  /** Read mode of the detail: no lookup, nothing editable. */
  readOnly?: boolean;
};

/**
 * The agency fields shared by the creation modal and the detail (spec 3 Agency detail): the SIRET and
 * its lookup; name and address read-only when the registry knows the number; the invite mail only when
 * the e-attestation follow-up is on and the supplier is not onboarded on the e-attestation platform (or
 * the platform could not tell), hidden until the number has been looked up.
 */
export function AgencyFormFields({ lookup, readOnly }: AgencyFormFieldsProps) {
  const { t } = useTranslation();
  const synchronize = Form.useWatch<boolean | undefined>('synchronize');
  const inThirdParty = inThirdPartyOf(lookup.lookup);
  const fromRegistry = inThirdParty === true;
  const onboarded = onboardedOf(lookup.lookup);
  const showInviteMail = synchronize === true && onboarded !== undefined && onboarded !== true;
  // Left undefined when editable, so the form's own disabled state (read mode) applies.
  const registryLocked = fromRegistry ? true : undefined;

  return (
    <>
      <SiretField lookup={lookup} disabled={readOnly} />
      <Form.Item name="name" label={t('subcontractors.name')} required rules={[schemaRule(shape.name, t)]}>
        <TrimmedInput maxLength={255} disabled={registryLocked} />
      </Form.Item>
      <Form.Item name="address" label={t('agencies.address')} rules={[schemaRule(shape.address, t)]}>
        <TrimmedInput maxLength={500} multiline disabled={registryLocked} />
      </Form.Item>
      <Form.Item name="edifice" label={t('subcontractors.edifice')} rules={[schemaRule(shape.edifice, t)]}>
        <TrimmedInput maxLength={50} />
      </Form.Item>
      <Form.Item name="manager" label={t('subcontractors.manager')} rules={[schemaRule(shape.manager, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="phone" label={t('subcontractors.phone')} rules={[schemaRule(shape.phone, t)]}>
        <TrimmedInput maxLength={30} />
      </Form.Item>
      <Form.Item name="mail" label={t('subcontractors.mail')} rules={[schemaRule(shape.mail, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="synchronize" label={t('agencies.synchronize')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {showInviteMail ? (
        <Form.Item
          name="inviteMail"
          label={t('agencies.inviteMail')}
          rules={[schemaRule(shape.inviteMail, t)]}
          extra={<Alert type="info" showIcon title={t('agencies.inviteMailHint')} style={{ marginTop: 4 }} />}
        >
          <TrimmedInput maxLength={255} />
        </Form.Item>
      ) : null}
    </>
  );
}
