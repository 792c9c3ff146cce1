import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SafeParser, schemaRule } from './schema-rules';
import { TrimmedInput } from './trimmed-input';

/** The required `name` field of a record, checked with the contract's schema of the name (255 characters at most). */
export function NameItem({ label, schema }: { label: string; schema: SafeParser }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="name" label={label} required rules={[schemaRule(schema, t)]}>
      <TrimmedInput maxLength={255} />
    </Form.Item>
  );
}
