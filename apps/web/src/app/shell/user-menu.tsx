import { KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordChangeModal } from '../../features/account';
import { useAuth } from '../../lib/auth-store';

/** The user's name with account management (delegating users only), password change and sign-out (spec 1 §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!profile) {
    return null;
  }
  const items: MenuProps['items'] = [
    ...(profile.canDelegate
      ? [{ key: 'account', icon: <SettingOutlined />, label: <Link to="/account-manage">{t('shell.user.account')}</Link> }]
      : []),
    { key: 'password', icon: <KeyOutlined />, label: t('shell.user.password'), onClick: () => setChangingPassword(true) },
    { key: 'logout', icon: <LogoutOutlined />, label: <Link to="/logout">{t('shell.user.logout')}</Link> },
  ];
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight">
        <Button type="text" className="isf-user-button">
          <Avatar size="small" icon={<UserOutlined />} className="isf-user-avatar" />
          <span className="isf-user-name">{profile.name}</span>
        </Button>
      </Dropdown>
      {changingPassword ? <PasswordChangeModal open onClose={() => setChangingPassword(false)} /> : null}
    </>
  );
}
