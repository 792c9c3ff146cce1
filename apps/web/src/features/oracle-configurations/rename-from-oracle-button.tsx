import { IdcardOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { canRenameFromOracle } from './oracle-configuration-rules';
import { renameUserFromOracle } from './oracle-configurations.api';

type RenameFromOracleButtonProps = {
  user: { id: number; name: string };
  /** Called after a name changed, to reload the user. */
  onRenamed: () => Promise<void>;
};

/**
 * The user detail's 'rename users' button (spec 3 User detail, read right on the Oracle configuration):
 * after a confirmation, the user and its profiles take the name of the Oracle person with their mail.
 * Oracle's refusals (422) and failures (502) are shown with the server's words.
 */
export function RenameFromOracleButton({ user, onRenamed }: RenameFromOracleButtonProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [running, setRunning] = useState(false);
  if (!canRenameFromOracle(can)) {
    return null;
  }

  const rename = async () => {
    if (!(await getFeedback().confirm({ content: t('users.renameFromOracleConfirm', { name: user.name }) }))) {
      return;
    }
    setRunning(true);
    try {
      const reply = await renameUserFromOracle(user.id);
      getFeedback().success(t(reply.changed ? 'users.renamedFromOracle' : 'users.alreadyOracleName', { name: reply.name }));
      if (reply.changed) {
        await onRenamed();
      }
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 502)) {
        const detail = error.body?.detail !== error.body?.error ? error.body?.detail : undefined;
        getFeedback().alert({ title: error.body?.error ?? t('users.renameFromOracle'), content: detail });
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button icon={<IdcardOutlined />} loading={running} title={t('users.renameFromOracleHelp')} onClick={() => void rename()}>
      {t('users.renameFromOracle')}
    </Button>
  );
}
