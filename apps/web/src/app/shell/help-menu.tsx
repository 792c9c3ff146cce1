import { BookOutlined, BugOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store';

/** The help menu, only with the role option userinterface.display_help_menu (spec 1 §2). */
export function HelpMenu({ onReportIncident }: { onReportIncident: () => void }) {
  const { t } = useTranslation();
  const { profile, hasOption } = useAuth();
  if (!profile || !hasOption('userinterface.display_help_menu')) {
    return null;
  }
  const manualUrl = profile.userManualUrl;
  const items: MenuProps['items'] = [
    { key: 'incident', icon: <BugOutlined />, label: t('shell.help.incident') },
    { key: 'manual', icon: <BookOutlined />, label: t('shell.help.manual'), disabled: !manualUrl },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'incident') {
      onReportIncident();
    } else if (key === 'manual' && manualUrl) {
      window.open(manualUrl, '_blank', 'noopener');
    }
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <Button type="text" icon={<QuestionCircleOutlined />}>
        {t('shell.help')}
      </Button>
    </Dropdown>
  );
}
