import { useTranslation } from 'react-i18next';
import { Picker, type PickerValue } from '../../components/picker/picker';
import type { UserRow } from './users.api';

/** A user picker (manager, perimeter target, project member): chosen from the user list. */
export function UserPicker(props: { id?: string; value?: PickerValue | null; onChange?: (value: PickerValue | null) => void }) {
  const { t } = useTranslation();
  return (
    <Picker<UserRow>
      {...props}
      entity="user"
      listPath="/users"
      listName="picker.users"
      title={t('users.one')}
      detailRoute="/user"
      columns={[
        { key: 'uid', title: t('users.uid') },
        { key: 'name', title: t('fields.name') },
        { key: 'roleName', title: t('users.role') },
      ]}
      toValue={(row) => ({ id: row.id, label: `${row.name} (${row.uid})` })}
    />
  );
}
