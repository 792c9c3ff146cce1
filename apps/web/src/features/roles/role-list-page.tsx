import type { RoleRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { RoleCreateModal } from './role-create-modal';
import { ROLE_CSV_PATH, ROLE_LIST_PATH } from './roles.api';

/** The role list (spec 3 /roles) with its create modal. */
export function RoleListPage() {
  const { t } = useTranslation();
  const controller = useListController<RoleRow>({ listName: 'roles', path: ROLE_LIST_PATH });

  const columns = useMemo<DataColumn<RoleRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'name',
        title: t('fields.name'),
        render: (row) => (
          <EntityLink entity="role" to={`/role/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      { key: 'description', title: t('fields.description') },
      { key: 'visibility', title: t('roles.visibilityLabel'), render: (row) => t(`roles.visibility.${row.visibility}`) },
      {
        key: 'parentRoleName',
        title: t('roles.parentRole'),
        render: (row) =>
          row.parentRoleId === null ? null : (
            <EntityLink entity="role" to={`/role/${row.parentRoleId}`}>
              {row.parentRoleName}
            </EntityLink>
          ),
      },
      { key: 'userCount', title: t('roles.userCount'), align: 'right', nullFilter: false },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('roles.title')}
      controller={controller}
      columns={columns}
      csvPath={ROLE_CSV_PATH}
      create={{
        entity: 'role',
        label: t('reference.create'),
        modal: (open, onClose) => <RoleCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
