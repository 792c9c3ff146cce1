import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';

/** The Oracle configuration list's warning (spec 3 §2): values act at once on what is sent to Oracle. */
export function OracleConfigurationWarning() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('oracleConfigurations.warning')}
      description={
        <span>
          {t('oracleConfigurations.tasksHint')}{' '}
          <EntityLink entity="task" to="/tasks">
            {t('oracleConfigurations.tasksLink')}
          </EntityLink>
          .
        </span>
      }
      style={{ marginBottom: 12 }}
    />
  );
}
