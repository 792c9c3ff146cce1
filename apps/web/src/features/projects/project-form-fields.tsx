import { generationDaySchema, PROJECT_CODE_MAX, projectCreateSchema } from '@isf/contract';
import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { UserPicker } from '../../components/pickers/user-picker';
import { type ProjectRecord, useProjectTypes } from './projects.api';

/** The form values of a project: manager and business unit are picked entities. */
export type ProjectFormValues = {
  name: string;
  code: string;
  typeId: number | null;
  manager: PickerValue | null;
  address: string;
  businessUnit: PickerValue | null;
  msGenerationDate: string;
  paymentGuarantee: boolean;
  shareFiles: boolean;
};

export const EMPTY_PROJECT: ProjectFormValues = {
  name: '',
  code: '',
  typeId: null,
  manager: null,
  address: '',
  businessUnit: null,
  msGenerationDate: '',
  paymentGuarantee: false,
  shareFiles: false,
};

export function projectFormValuesOf(project: ProjectRecord): ProjectFormValues {
  return {
    name: project.name,
    code: project.code,
    typeId: project.typeId,
    manager: project.managerId === null ? null : { id: project.managerId, label: project.managerName ?? '' },
    address: project.address ?? '',
    businessUnit: project.businessUnitId === null ? null : { id: project.businessUnitId, label: project.businessUnitName ?? '' },
    msGenerationDate: project.msGenerationDate ?? '',
    paymentGuarantee: project.paymentGuarantee,
    shareFiles: project.shareFiles,
  };
}

/** The payload of the form values: picked entities become ids. */
export function projectPayloadOf({ manager, businessUnit, typeId, ...values }: ProjectFormValues): Record<string, unknown> {
  return { ...values, typeId: typeId ?? null, managerId: manager?.id ?? null, businessUnitId: businessUnit?.id ?? null };
}

type BusinessUnitRow = { id: number; name: string; description: string | null };

/** Every field of a project (spec 3 §3), for the create modal and the Information tab. */
export function ProjectFormFields({ current }: { current?: ProjectRecord }) {
  const { t } = useTranslation();
  const types = useProjectTypes();
  const shape = projectCreateSchema.shape;
  const typeOptions = (types.data ?? []).map((type) => ({ value: type.id, label: type.name }));
  if (current?.typeId && !typeOptions.some((option) => option.value === current.typeId)) {
    typeOptions.push({ value: current.typeId, label: current.typeName ?? '' });
  }
  return (
    <>
      <Form.Item name="name" label={t('fields.name')} required rules={[schemaRule(shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="code" label={t('fields.code')} required rules={[schemaRule(shape.code, t)]}>
        <TrimmedInput maxLength={PROJECT_CODE_MAX} />
      </Form.Item>
      <Form.Item name="typeId" label={t('fields.type')}>
        <Select allowClear placeholder={t('validation.selectItem')} loading={types.isLoading} options={typeOptions} />
      </Form.Item>
      <Form.Item name="manager" label={t('fields.manager')}>
        <UserPicker />
      </Form.Item>
      <Form.Item name="address" label={t('fields.address')} rules={[schemaRule(shape.address, t)]}>
        <TrimmedInput maxLength={500} multiline />
      </Form.Item>
      <Form.Item name="businessUnit" label={t('projects.businessUnit')}>
        <Picker<BusinessUnitRow>
          entity="business_unit"
          listPath="/businessunits"
          title={t('projects.businessUnit')}
          detailRoute="/businessunit"
          columns={[
            { key: 'name', title: t('fields.name') },
            { key: 'description', title: t('fields.description') },
          ]}
          toValue={(row) => ({ id: row.id, label: row.name })}
        />
      </Form.Item>
      <Form.Item
        name="msGenerationDate"
        label={t('projects.msGenerationDate')}
        extra={t('projects.msGenerationDateHelp')}
        rules={[schemaRule(generationDaySchema, t)]}
      >
        <TrimmedInput maxLength={2} placeholder="01-28" />
      </Form.Item>
      <Form.Item name="paymentGuarantee" label={t('projects.paymentGuarantee')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="shareFiles" label={t('projects.shareFiles')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
