import { roleCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { RoleInformationFields, type RoleInformationValues } from './role-information-fields';
import { createRole, ROLE_LIST_PATH } from './roles.api';

const INITIAL_VALUES: RoleInformationValues = { name: '', description: '', visibility: 1, parentRoleId: null, ftth: false };

/** Creates a role from its information; menus, rights and options are set on its detail. */
export function RoleCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleInformationValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('roles.createTitle')}
      form={form}
      initialValues={INITIAL_VALUES}
      schema={roleCreateSchema}
      submit={createRole}
      listPath={ROLE_LIST_PATH}
      detailRoute="/role"
    >
      <RoleInformationFields />
    </FormModal>
  );
}
