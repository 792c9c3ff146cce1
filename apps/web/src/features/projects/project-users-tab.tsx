import { DeleteOutlined, DownloadOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import type { PickerValue } from '../../components/picker/picker';
import { UserPicker } from '../../components/pickers/user-picker';
import { downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { addProjectUser, type ProjectUser, removeProjectUser, useProjectUsers } from './projects.api';

/**
 * The Users tab of a project (spec 3 Project detail): its members, added with the create right on
 * user-project and removed with the delete right, and their CSV export.
 */
export function ProjectUsersTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const users = useProjectUsers(projectId);
  const [picked, setPicked] = useState<PickerValue | null>(null);
  const [busy, setBusy] = useState(false);
  const canRemove = can('user_project', 'delete');

  const run = async (call: () => Promise<{ success: boolean }>) => {
    setBusy(true);
    try {
      if ((await call()).success) {
        setPicked(null);
        await users.refetch();
      }
    } catch {
      // reported by the response handling
    } finally {
      setBusy(false);
    }
  };

  const remove = async (user: ProjectUser) => {
    if (await getFeedback().confirm({ content: t('confirm.delete') })) {
      await run(() => removeProjectUser(projectId, user.id));
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        {can('user_project', 'create') ? (
          <Space.Compact style={{ minWidth: 420 }}>
            <UserPicker value={picked} onChange={setPicked} />
            <Button
              icon={<UserAddOutlined />}
              disabled={picked === null}
              loading={busy}
              onClick={() => picked && void run(() => addProjectUser(projectId, picked.id))}
            >
              {t('projects.addUser')}
            </Button>
          </Space.Compact>
        ) : (
          <span />
        )}
        <Button icon={<DownloadOutlined />} onClick={() => downloadByFormPost(`/project/${projectId}/users/csv`, {})}>
          {t('table.csv')}
        </Button>
      </div>
      <Table<ProjectUser>
        size="small"
        bordered
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data ?? []}
        pagination={false}
        locale={{ emptyText: t('table.noData') }}
        columns={[
          {
            key: 'uid',
            title: t('users.uid'),
            render: (_value, user) => (
              <EntityLink entity="user" to={`/user/${user.id}`}>
                {user.uid}
              </EntityLink>
            ),
          },
          { key: 'name', dataIndex: 'name', title: t('fields.name') },
          { key: 'mail', dataIndex: 'mail', title: t('users.mail') },
          { key: 'roleName', dataIndex: 'roleName', title: t('users.role') },
          {
            key: 'active',
            title: t('users.active'),
            render: (_value, user) => (
              <Tag color={user.active ? 'green' : 'default'}>{user.active ? t('users.activeYes') : t('users.activeNo')}</Tag>
            ),
          },
          ...(canRemove
            ? [
                {
                  key: 'remove',
                  title: '',
                  width: 60,
                  render: (_value: unknown, user: ProjectUser) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('projects.removeUser', { name: user.name })}
                      title={t('projects.removeUser', { name: user.name })}
                      disabled={busy}
                      onClick={() => void remove(user)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
