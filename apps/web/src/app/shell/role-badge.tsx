import { DownOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { isEditing, setEditing } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { changeProfile } from '../../lib/session';

/** The active role; with other profiles it opens the profile switcher (spec 1 §2 Profile switching). */
export function RoleBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useAuth();
  if (!profile) {
    return null;
  }
  const others = profile.profiles.filter((other) => other.active && other.uid !== profile.uid);
  if (others.length === 0) {
    return (
      <Tag color="blue" className="isf-role-badge">
        {profile.role.name}
      </Tag>
    );
  }

  const choose = async (uid: string) => {
    if (isEditing()) {
      if (!(await getFeedback().confirm({ content: t('confirm.leaveEdit') }))) {
        return;
      }
      setEditing(false);
    }
    if (await changeProfile(uid)) {
      await navigate('/');
    }
  };

  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: t('shell.profile.switchTo'),
      children: others.map((other) => ({
        key: other.uid,
        icon: <SwapOutlined />,
        label: (
          <span>
            {other.roleName} <span className="isf-muted">({other.uid})</span>
          </span>
        ),
      })),
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          // A failure was already reported by the global response handling.
          choose(key).catch(() => undefined);
        },
      }}
    >
      <Button size="small" color="primary" variant="filled" className="isf-role-badge" title={t('shell.profile.switchTo')}>
        {profile.role.name} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
