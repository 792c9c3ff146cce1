import type { ContractRecord, ContractRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES_QUERY_KEY, fetchDocumentTypes } from '../../components/document-manager/documents.api';
import { ChoiceSelectItem } from '../../components/form/choice-select-item';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { AgencyPicker } from '../../components/pickers/agency-picker';
import { UserPicker } from '../../components/pickers/user-picker';
import { useAuth } from '../../lib/auth-store';

/** The form values of a contract: agency, parent and referents are picked entities; dates are yyyy-mm-dd text. */
export type ContractFormValues = {
  contractNumber: string;
  active: boolean;
  parent: PickerValue | null;
  documentType: number | null;
  agency: PickerValue | null;
  signatureDate: string;
  startDate: string;
  endDate: string;
  duration: number | null;
  terminationDate: string;
  expirationDateAfterRenewal: string;
  referent: PickerValue | null;
  referentBuyer: string;
  adminReferent: PickerValue | null;
  comment: string;
};

export const EMPTY_CONTRACT: ContractFormValues = {
  contractNumber: '',
  active: true,
  parent: null,
  documentType: null,
  agency: null,
  signatureDate: '',
  startDate: '',
  endDate: '',
  duration: null,
  terminationDate: '',
  expirationDateAfterRenewal: '',
  referent: null,
  referentBuyer: '',
  adminReferent: null,
  comment: '',
};

export function contractFormValuesOf(contract: ContractRecord): ContractFormValues {
  return {
    contractNumber: contract.contractNumber,
    active: contract.active,
    parent: contract.parent === null ? null : { id: contract.parent, label: contract.parentNumber ?? String(contract.parent) },
    documentType: contract.documentType,
    agency: { id: contract.agency, label: contract.agencyName },
    signatureDate: contract.signatureDate,
    startDate: contract.startDate,
    endDate: contract.endDate,
    duration: contract.duration,
    terminationDate: contract.terminationDate ?? '',
    expirationDateAfterRenewal: contract.expirationDateAfterRenewal ?? '',
    referent: { id: contract.referent, label: contract.referentName },
    referentBuyer: contract.referentBuyer ?? '',
    adminReferent: { id: contract.adminReferent, label: contract.adminReferentName },
    comment: contract.comment ?? '',
  };
}

/** The payload of the form values: picked entities become ids. */
export function contractPayloadOf({ parent, agency, referent, adminReferent, ...values }: ContractFormValues) {
  return {
    ...values,
    parent: parent?.id ?? null,
    agency: agency?.id ?? null,
    referent: referent?.id ?? null,
    adminReferent: adminReferent?.id ?? null,
  };
}

/** Document types of the select (the document manager's list), asked only with the read right on them. */
function useDocumentTypes() {
  const { can } = useAuth();
  return useQuery({
    queryKey: DOCUMENT_TYPES_QUERY_KEY,
    queryFn: fetchDocumentTypes,
    enabled: can('document_type', 'read'),
    staleTime: 60_000,
  });
}

/** Every field of a contract (spec 2 §3 Contract). */
export function ContractFormFields() {
  const { t } = useTranslation();
  const documentTypes = useDocumentTypes();
  return (
    <>
      <Form.Item name="contractNumber" label={t('contracts.contractNumber')} required>
        <TrimmedInput maxLength={100} />
      </Form.Item>
      <Form.Item name="active" label={t('contracts.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="agency" label={t('contracts.agency')} required>
        <AgencyPicker title={t('contracts.agency')} required />
      </Form.Item>
      <ChoiceSelectItem
        name="documentType"
        label={t('contracts.documentType')}
        required
        placeholder={t('validation.selectItem')}
        loading={documentTypes.isLoading}
        options={(documentTypes.data ?? []).map((row) => ({ value: row.id, label: row.name }))}
      />
      <Form.Item name="parent" label={t('contracts.parent')}>
        <Picker<ContractRow>
          entity="contract"
          listPath="/contracts"
          listName="picker.contracts"
          title={t('contracts.parent')}
          detailRoute="/sst/contract"
          columns={[
            { key: 'contractNumber', title: t('contracts.contractNumber') },
            { key: 'agencyName', title: t('contracts.agency') },
          ]}
          toValue={(row) => ({ id: row.id, label: row.contractNumber })}
        />
      </Form.Item>
      <Form.Item name="signatureDate" label={t('contracts.signatureDate')} required>
        <IsoDateInput />
      </Form.Item>
      <Form.Item name="startDate" label={t('contracts.startDate')} required>
        <IsoDateInput />
      </Form.Item>
      <Form.Item name="endDate" label={t('contracts.endDate')} required>
        <IsoDateInput />
      </Form.Item>
      <Form.Item name="duration" label={t('contracts.duration')} required>
        <InputNumber min={1} step={1} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="terminationDate" label={t('contracts.terminationDate')}>
        <IsoDateInput />
      </Form.Item>
      <Form.Item name="expirationDateAfterRenewal" label={t('contracts.expirationDateAfterRenewal')}>
        <IsoDateInput />
      </Form.Item>
      <Form.Item name="referent" label={t('contracts.referent')} required>
        <UserPicker title={t('contracts.referent')} required />
      </Form.Item>
      <Form.Item name="referentBuyer" label={t('contracts.referentBuyer')}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="adminReferent" label={t('contracts.adminReferent')} required>
        <UserPicker title={t('contracts.adminReferent')} required />
      </Form.Item>
      <Form.Item name="comment" label={t('contracts.comment')}>
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
    </>
  );
}
