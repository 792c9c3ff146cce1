import { changePasswordSchema, PASSWORD_MIN_LENGTH, passwordRefusal } from '@isf/contract';
import type { FormRule } from 'antd';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';

type PasswordValues = { currentPassword?: string; newPassword?: string; confirmation?: string };

function changePassword(payload: unknown): Promise<{ success: boolean; id: number }> {
  return api.post<{ success: boolean }>('/user/password', payload).then((reply) => ({ success: reply.success, id: 0 }));
}

/**
 * Changes one's own password (account menu): the current one, then a new one under the shared password
 * policy (length, not a common password, not the login) typed twice.
 */
export function PasswordChangeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const [form] = Form.useForm<PasswordValues>();
  const policyRule: FormRule = {
    validator: async (_rule, value: string | undefined) => {
      const refusal = value ? passwordRefusal(value, profile?.uid) : t('validation.required');
      if (refusal) {
        throw new Error(refusal);
      }
    },
  };
  const sameRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value !== getFieldValue('newPassword')) {
        throw new Error(t('account.password.mismatch'));
      }
    },
  });

  return (
    <FormModal<PasswordValues, unknown>
      open={open}
      onClose={onClose}
      title={t('account.password.title')}
      form={form}
      schema={changePasswordSchema}
      toPayload={({ currentPassword, newPassword }) => ({ currentPassword, newPassword })}
      submit={changePassword}
      okText={t('account.password.submit')}
      onDone={() => getFeedback().success(t('account.password.changed'))}
    >
      <Form.Item
        name="currentPassword"
        label={t('account.password.current')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('account.password.new')}
        extra={t('account.password.help', { min: PASSWORD_MIN_LENGTH })}
        rules={[policyRule]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmation" label={t('account.password.confirmation')} dependencies={['newPassword']} rules={[sameRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
