import { type ResourceDefinition, resourceCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { createRecord } from './reference.api';
import { ReferenceFormFields } from './reference-form-fields';

type ReferenceCreateModalProps = {
  definition: ResourceDefinition;
  open: boolean;
  onClose: () => void;
};

/** The create modal of a reference list: the fields asked at creation, checked with the contract's schema. */
export function ReferenceCreateModal({ definition, open, onClose }: ReferenceCreateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const schema = useMemo(() => resourceCreateSchema(definition), [definition]);
  const fields = useMemo(() => definition.fields.filter((field) => field.inCreate), [definition]);
  const initialValues = useMemo(() => Object.fromEntries(fields.map((field) => [field.name, ''])), [fields]);
  const createPath = definition.api.create;
  if (!createPath) {
    return null;
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('reference.createTitle', { name: t(`${definition.i18nKey}.one`) })}
      form={form}
      initialValues={initialValues}
      schema={schema}
      submit={(payload) => createRecord(createPath, payload)}
      listPath={definition.api.list}
      detailRoute={definition.routes.detail}
    >
      <ReferenceFormFields fields={fields} shape={schema.shape} />
    </FormModal>
  );
}
