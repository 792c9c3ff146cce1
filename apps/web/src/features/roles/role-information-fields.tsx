import { roleCreateSchema, VISIBILITY_LEVELS } from '@isf/contract';
import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { useRoleNames } from './roles.api';

/** The form values of a role's information. */
export type RoleInformationValues = {
  name: string;
  description: string;
  visibility: number;
  parentRoleId: number | null;
  ftth: boolean;
};

/** Name, description, visibility and parent role: the create modal and the Information tab. */
export function RoleInformationFields({ roleId }: { roleId?: number }) {
  const { t } = useTranslation();
  const roleNames = useRoleNames();
  const shape = roleCreateSchema.shape;
  const parents = (roleNames.data ?? [])
    .filter((role) => role.id !== roleId)
    .map((role) => ({ value: role.id, label: role.name }));
  return (
    <>
      <Form.Item name="name" label={t('fields.name')} required rules={[schemaRule(shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} required rules={[schemaRule(shape.description, t)]}>
        <TrimmedInput maxLength={1000} multiline />
      </Form.Item>
      <Form.Item name="visibility" label={t('roles.visibilityLabel')} required>
        <Select options={VISIBILITY_LEVELS.map((level) => ({ value: level, label: t(`roles.visibility.${level}`) }))} />
      </Form.Item>
      <Form.Item name="parentRoleId" label={t('roles.parentRole')}>
        <Select allowClear placeholder={t('roles.noParent')} loading={roleNames.isLoading} options={parents} />
      </Form.Item>
      <Form.Item name="ftth" label={t('roles.ftth')} valuePropName="checked">
        <Checkbox />
      </Form.Item>
    </>
  );
}
