import type { UserRow } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { Picker, type PickerValue } from '../picker/picker';

export type UserPickerProps = {
  id?: string;
  value?: PickerValue | null;
  onChange?: (value: PickerValue | null) => void;
  /** The modal's title (the form item's label); "Utilisateur" by default. */
  title?: string;
  required?: boolean;
};

/** A user picker (manager, perimeter target, project member, contract referents): chosen from the user list. */
export function UserPicker({ title, required, ...field }: UserPickerProps) {
  const { t } = useTranslation();
  return (
    <Picker<UserRow>
      {...field}
      entity="user"
      listPath="/users"
      listName="picker.users"
      title={title ?? t('users.one')}
      required={required}
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
