import type { ResourceField } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SafeParser, schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';

type ReferenceFormFieldsProps = {
  fields: readonly ResourceField[];
  /** The contract's schema shape of the payload: each editable field is checked with its own schema. */
  shape: Record<string, SafeParser | undefined>;
};

/** The inputs of a reference resource, shared by the create modal and the detail screen. */
export function ReferenceFormFields({ fields, shape }: ReferenceFormFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={t(field.labelKey)}
          required={field.required && field.editable}
          rules={field.editable ? [schemaRule(shape[field.name], t)] : []}
        >
          {/* Left undefined when editable, so the form's own disabled state (read mode) applies. */}
          <TrimmedInput maxLength={field.maxLength} multiline={field.multiline} disabled={field.editable ? undefined : true} />
        </Form.Item>
      ))}
    </>
  );
}
