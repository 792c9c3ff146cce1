import { PlusOutlined } from '@ant-design/icons';
import type { UserRow } from '@isf/contract';
import { Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { formatMoney } from '../../lib/i18n';
import { UserCreateModal } from './user-create-modal';
import { USER_CSV_PATH, USER_LIST_PATH } from './users.api';

/** The user list (spec 3 /users) with its create modal. */
export function UserListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const controller = useListController<UserRow>({ listName: 'users', path: USER_LIST_PATH });
  const canCreate = can('user', 'create');

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
    <section>
      <PageHeader
        title={t('users.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('reference.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={USER_CSV_PATH} />
      {canCreate ? <UserCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
