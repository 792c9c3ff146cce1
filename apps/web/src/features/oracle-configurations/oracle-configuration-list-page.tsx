import { RESOURCES } from '@isf/contract';
import { useAuth } from '../../lib/auth-store';
import { ReferenceListPage } from '../reference';
import { canSyncOracleProjects } from './oracle-configuration-rules';
import { OracleConfigurationWarning } from './oracle-configuration-warning';
import { useOracleProjectsSync } from './use-oracle-projects-sync';

/**
 * The Oracle configuration list (spec 3 /oracleconfigurations): the declared resource's list, with the
 * warning that values act on what is sent to Oracle, the link to the tasks and the project synchronisation.
 */
export function OracleConfigurationListPage() {
  const { can } = useAuth();
  const sync = useOracleProjectsSync();
  return (
    <ReferenceListPage
      definition={RESOURCES.oracleconfigurations}
      extra={canSyncOracleProjects(can) ? sync.button : null}
      banner={
        <>
          <OracleConfigurationWarning />
          {sync.banner}
        </>
      }
    />
  );
}
