import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { useRoleNames } from '../roles';
import { addProfile, type UserProfileLine, type UserRecord } from './users.api';

type UserProfilesSectionProps = {
  user: UserRecord;
  /** Called after a profile was added or reactivated. */
  onChanged: () => Promise<void>;
};

/**
 * Main and secondary profiles (spec 3 User detail): a secondary profile links to its main profile; a
 * main profile lists its secondary ones, adds one by role and reactivates an inactive one by its role.
 */
export function UserProfilesSection({ user, onChanged }: UserProfilesSectionProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editing = useEditMode();
  const roleNames = useRoleNames();
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const mayChange = user.editable && can('user', 'create') && !editing;

  const add = async (role: number, confirmText?: string) => {
    if (confirmText && !(await getFeedback().confirm({ content: confirmText }))) {
      return;
    }
    setBusy(true);
    try {
      if ((await addProfile(user.id, role)).success) {
        setRoleId(undefined);
        await onChanged();
      }
    } catch {
      // Already reported by the response handling.
    } finally {
      setBusy(false);
    }
  };

  if (user.parent) {
    return (
      <Card size="small" title={t('users.profiles')}>
        <Typography.Text>{t('users.mainProfile')} </Typography.Text>
        <EntityLink entity="user" to={`/user/${user.parent.id}`}>
          {user.parent.uid}
        </EntityLink>
      </Card>
    );
  }

  const taken = new Set([user.role.id, ...user.children.filter((child) => child.active).map((child) => child.roleId)]);
  const choices = (roleNames.data ?? [])
    .filter((role) => !taken.has(role.id))
    .map((role) => ({ value: role.id, label: role.name }));

  return (
    <Card size="small" title={t('users.secondaryProfiles')}>
      <Table<UserProfileLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={user.children}
        locale={{ emptyText: t('users.noSecondaryProfile') }}
        columns={[
          {
            key: 'uid',
            title: t('users.uid'),
            render: (_value, child) => (
              <EntityLink entity="user" to={`/user/${child.id}`}>
                {child.uid}
              </EntityLink>
            ),
          },
          { key: 'roleName', dataIndex: 'roleName', title: t('users.role') },
          {
            key: 'active',
            title: t('users.active'),
            render: (_value, child) => (
              <Tag color={child.active ? 'green' : 'default'}>{child.active ? t('users.activeYes') : t('users.activeNo')}</Tag>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_value, child) =>
              !child.active && mayChange ? (
                <Button size="small" disabled={busy} onClick={() => void add(child.roleId, t('confirm.reactivate'))}>
                  {t('users.reactivate')}
                </Button>
              ) : null,
          },
        ]}
      />
      {mayChange ? (
        <Space.Compact style={{ marginTop: 12 }}>
          <Select<number>
            style={{ minWidth: 260 }}
            placeholder={t('users.profileRole')}
            aria-label={t('users.profileRole')}
            options={choices}
            value={roleId}
            onChange={setRoleId}
            showSearch={{ optionFilterProp: 'label' }}
          />
          <Button
            icon={<PlusOutlined />}
            disabled={roleId === undefined}
            loading={busy}
            onClick={() => roleId !== undefined && void add(roleId)}
          >
            {t('users.addProfile')}
          </Button>
        </Space.Compact>
      ) : null}
    </Card>
  );
}
