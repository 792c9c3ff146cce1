import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { PopupUser } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { PopupUserFinder } from './popup-user-finder';
import { POPUP_LIST_PATH, popupNotificationsPath, removePopupUsers, usePopupUsers } from './popups.api';

/**
 * The Users tab of a popup (spec 3 Popup editor): the users it targets (name, mail, role name), added
 * through the criteria search and removed, with the update right on popups.
 */
export function PopupUsersTab({ popupId }: { popupId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const users = usePopupUsers(popupId);
  const [finding, setFinding] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const canEdit = can('popup', 'update');

  const refresh = async () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: listQueryKey(popupNotificationsPath(popupId)) });
    void queryClient.invalidateQueries({ queryKey: listQueryKey(POPUP_LIST_PATH) });
    await users.refetch();
  };

  const remove = async (ids: number[]) => {
    if (ids.length === 0 || !(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    setBusy(true);
    try {
      if ((await removePopupUsers(popupId, ids)).success) {
        await refresh();
      }
    } catch {
      // reported by the response handling
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {canEdit ? (
        <Space>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setFinding(true)}>
            {t('popups.addUsers')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0 || busy}
            onClick={() => void remove(selected.map(Number))}
          >
            {t('popups.removeSelection', { count: selected.length })}
          </Button>
        </Space>
      ) : null}
      <Table<PopupUser>
        size="small"
        bordered
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data ?? []}
        pagination={{ defaultPageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('table.noData') }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        columns={[
          {
            key: 'name',
            title: t('fields.name'),
            render: (_value, user) => (
              <EntityLink entity="user" to={`/user/${user.id}`}>
                {user.name}
              </EntityLink>
            ),
          },
          { key: 'mail', dataIndex: 'mail', title: t('users.mail') },
          { key: 'roleName', dataIndex: 'roleName', title: t('users.role') },
          ...(canEdit
            ? [
                {
                  key: 'remove',
                  title: '',
                  width: 60,
                  render: (_value: unknown, user: PopupUser) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('popups.removeUser', { name: user.name })}
                      title={t('popups.removeUser', { name: user.name })}
                      disabled={busy}
                      onClick={() => void remove([user.id])}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {finding ? (
        <PopupUserFinder
          popupId={popupId}
          onClose={() => setFinding(false)}
          onAdded={() => {
            setFinding(false);
            void refresh();
          }}
        />
      ) : null}
    </Space>
  );
}
