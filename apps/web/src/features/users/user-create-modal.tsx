import { userCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { UserFormFields, type UserFormValues, userPayloadOf } from './user-form-fields';
import { createUser, USER_LIST_PATH } from './users.api';

const INITIAL_VALUES: Partial<UserFormValues> = { cn: '', name: '', mail: '', phone: '', manager: null, engagement: '0' };

/** Creates a user from the directory common name, a role and an authorization amount (spec 3 §5). */
export function UserCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('users.createTitle')}
      form={form}
      initialValues={INITIAL_VALUES}
      schema={userCreateSchema}
      toPayload={userPayloadOf}
      submit={createUser}
      listPath={USER_LIST_PATH}
      detailRoute="/user"
      width={640}
    >
      <UserFormFields mode="create" />
    </FormModal>
  );
}
