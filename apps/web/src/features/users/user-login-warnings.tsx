import type { LoginWarning } from '@isf/contract';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditMode } from '../../lib/edit-mode';

/** Why the profile cannot log in (spec 3 User detail), shown outside edit mode. */
export function UserLoginWarnings({ warnings }: { warnings: readonly LoginWarning[] }) {
  const { t } = useTranslation();
  const editing = useEditMode();
  if (editing || warnings.length === 0) {
    return null;
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title={t(`users.warning.${warning}`)} />
      ))}
    </Space>
  );
}
