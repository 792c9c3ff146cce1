import { amountSchema, userCreateSchema, userUpdateSchema } from '@isf/contract';
import { Form, type FormRule, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { issueText, parseInFrench, schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import type { PickerValue } from '../../components/picker/picker';
import { UserPicker } from '../../components/pickers/user-picker';
import { useRoleNames } from '../roles';

/** The form values of a user: the manager is a picked user, the amount stays decimal text. */
export type UserFormValues = {
  cn?: string;
  password?: string;
  name: string;
  mail: string;
  phone: string;
  role?: number;
  manager: PickerValue | null;
  engagement: string;
  service?: string;
  quality?: string;
  userManualUrl?: string;
};

/** The payload of the form values: the manager's id, no empty password. */
export function userPayloadOf({ manager, password, ...values }: UserFormValues): Record<string, unknown> {
  return { ...values, manager: manager?.id ?? null, ...(password ? { password } : {}) };
}

/**
 * The fields of a user. Creation asks the directory common name and an optional initial password;
 * the detail adds service, quality and the user manual link, and requires name and mail (spec 3 §5).
 */
export function UserFormFields({ mode }: { mode: 'create' | 'detail' }) {
  const { t } = useTranslation();
  const roleNames = useRoleNames();
  const shape = mode === 'create' ? userCreateSchema.shape : userUpdateSchema.shape;
  const detail = mode === 'detail';
  const roles = (roleNames.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  // The initial password is optional: only a typed one is checked.
  const passwordRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      const result = value ? parseInFrench(userCreateSchema.shape.password, value) : undefined;
      const issue = result?.success === false ? result.error.issues[0] : undefined;
      if (issue) {
        throw new Error(issueText(issue, t));
      }
    },
  };
  return (
    <>
      {mode === 'create' ? (
        <Form.Item name="cn" label={t('users.cn')} required rules={[schemaRule(userCreateSchema.shape.cn, t)]}>
          <TrimmedInput maxLength={100} />
        </Form.Item>
      ) : null}
      <Form.Item name="name" label={t('fields.name')} required={detail} rules={[schemaRule(shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="mail" label={t('users.mail')} required={detail} rules={[schemaRule(shape.mail, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="phone" label={t('users.phone')} rules={[schemaRule(shape.phone, t)]}>
        <TrimmedInput maxLength={30} />
      </Form.Item>
      <Form.Item name="role" label={t('users.role')} required rules={[{ required: true, message: t('validation.selectItem') }]}>
        <Select
          placeholder={t('validation.selectItem')}
          loading={roleNames.isLoading}
          options={roles}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="manager" label={t('fields.manager')}>
        <UserPicker />
      </Form.Item>
      <Form.Item name="engagement" label={t('users.engagement')} required rules={[schemaRule(amountSchema, t)]}>
        <TrimmedInput maxLength={20} />
      </Form.Item>
      {detail ? (
        <>
          <Form.Item name="service" label={t('users.service')} rules={[schemaRule(shape.service, t)]}>
            <TrimmedInput maxLength={255} />
          </Form.Item>
          <Form.Item name="quality" label={t('users.quality')} rules={[schemaRule(shape.quality, t)]}>
            <TrimmedInput maxLength={255} />
          </Form.Item>
          <Form.Item
            name="userManualUrl"
            label={t('users.userManualUrl')}
            rules={[schemaRule(userUpdateSchema.shape.userManualUrl, t)]}
          >
            <TrimmedInput maxLength={1000} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="password" label={t('users.password')} rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </>
  );
}
