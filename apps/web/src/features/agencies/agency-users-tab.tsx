import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../components/data-table/query-table';
import { EntityLink } from '../../components/entity-link';
import { PickerModal } from '../../components/picker/picker-modal';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { type AgencyUser, addAgencyUser, agencyUsersQueryKey, fetchAgencyUsers, removeAgencyUser } from './agencies.api';

type UserOption = { id: number; uid: string; name: string; roleName: string };

/** The users attached to an agency (spec 3 Agency detail): added with a user picker, removed after confirmation. */
export function AgencyUsersTab({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [picking, setPicking] = useState(false);
  const query = useQuery({ queryKey: agencyUsersQueryKey(agencyId), queryFn: () => fetchAgencyUsers(agencyId), staleTime: 0 });
  const canAdd = can('user_agency', 'create');
  const canRemove = can('user_agency', 'delete');

  const act = async (call: () => Promise<{ success: boolean }>) => {
    try {
      await call();
    } catch (error) {
      // HTTP failures had the global handling.
      if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
    void query.refetch();
  };

  const openPicker = () => {
    if (!can('user', 'read')) {
      getFeedback().warning(t('rights.notAccessToEntity'));
      return;
    }
    setPicking(true);
  };

  const remove = async (user: AgencyUser) => {
    if (await getFeedback().confirm({ content: t('confirm.delete') })) {
      await act(() => removeAgencyUser(agencyId, user.id));
    }
  };

  const columns: TableColumnsType<AgencyUser> = [
    {
      key: 'uid',
      title: t('agencies.userUid'),
      render: (_value, user) => (
        <EntityLink entity="user" to={`/user/${user.id}`}>
          {user.uid}
        </EntityLink>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('subcontractors.name') },
    { key: 'mail', dataIndex: 'mail', title: t('subcontractors.mail') },
    { key: 'roleName', dataIndex: 'roleName', title: t('agencies.userRole') },
    {
      key: 'active',
      title: t('agencies.userActive'),
      width: 90,
      render: (_value, user) => (
        <Tag color={user.active ? 'green' : 'default'}>{user.active ? t('agencies.yes') : t('agencies.no')}</Tag>
      ),
    },
    ...(canRemove
      ? [
          {
            key: 'actions',
            title: '',
            width: 56,
            render: (_value: unknown, user: AgencyUser) => (
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('agencies.usersRemove', { name: user.name })}
                title={t('agencies.usersRemove', { name: user.name })}
                onClick={() => void remove(user)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      {canAdd ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
          <Button icon={<UserAddOutlined />} onClick={openPicker}>
            {t('agencies.usersAdd')}
          </Button>
        </div>
      ) : null}
      <QueryTable<AgencyUser> columns={columns} rows={query.data} fetching={query.isFetching} failed={query.isError} />
      {picking ? (
        <PickerModal<UserOption>
          title={t('picker.title', { name: t('agencies.usersPick') })}
          listName="picker.agency-users"
          listPath="/users"
          columns={[
            { key: 'uid', title: t('agencies.userUid') },
            { key: 'name', title: t('subcontractors.name') },
            { key: 'roleName', title: t('agencies.userRole') },
          ]}
          onCancel={() => setPicking(false)}
          onPick={(user) => {
            setPicking(false);
            void act(() => addAgencyUser(agencyId, user.id));
          }}
        />
      ) : null}
    </div>
  );
}
