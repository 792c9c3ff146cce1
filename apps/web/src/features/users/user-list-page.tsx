import type { UserRow } from '@isf/contract';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { formatMoney } from '../../lib/i18n';
import { UserCreateModal } from './user-create-modal';
import { USER_CSV_PATH, USER_LIST_PATH } from './users.api';

/** The user list (spec 3 /users) with its create modal. */
export function UserListPage() {
  const { t } = useTranslation();
  const controller = useListController<UserRow>({ listName: 'users', path: USER_LIST_PATH });

  const columns = useMemo<DataColumn<UserRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'uid',
        title: t('users.uid'),
        render: (row) => (
          <EntityLink entity="user" to={`/user/${row.id}`}>
            {row.uid}
          </EntityLink>
        ),
      },
      { key: 'name', title: t('fields.name') },
      { key: 'mail', title: t('users.mail') },
      {
        key: 'roleName',
        title: t('users.role'),
        render: (row) => (
          <EntityLink entity="role" to={`/role/${row.roleId}`}>
            {row.roleName}
          </EntityLink>
        ),
      },
      { key: 'managerName', title: t('fields.manager') },
      { key: 'engagement', title: t('users.engagement'), align: 'right', render: (row) => formatMoney(row.engagement) },
      { key: 'service', title: t('users.service') },
      {
        key: 'active',
        title: t('users.active'),
        nullFilter: false,
        render: (row) => (
          <Tag color={row.active ? 'green' : 'default'}>{row.active ? t('users.activeYes') : t('users.activeNo')}</Tag>
        ),
      },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('users.title')}
      controller={controller}
      columns={columns}
      csvPath={USER_CSV_PATH}
      create={{
        entity: 'user',
        label: t('reference.create'),
        modal: (open, onClose) => <UserCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
