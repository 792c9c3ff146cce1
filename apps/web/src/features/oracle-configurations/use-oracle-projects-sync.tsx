import { ORACLE_PROJECTS_SYNC_FAILED_MESSAGE, ORACLE_PROJECTS_SYNC_STARTED_MESSAGE } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { useSyncAction } from '../../components/sync-action/use-sync-action';
import { getFeedback } from '../../lib/feedback';
import { syncAllOracleProjects } from './oracle-configurations.api';

/**
 * The synchronisation of the Oracle projects of every requisitioning business unit (spec 3 §8 texts):
 * its button, and the banner of a running, failed or still-running synchronisation.
 */
export function useOracleProjectsSync() {
  const { t } = useTranslation();
  return useSyncAction({
    label: t('oracleConfigurations.syncProjects'),
    runningText: ORACLE_PROJECTS_SYNC_STARTED_MESSAGE,
    failedText: ORACLE_PROJECTS_SYNC_FAILED_MESSAGE,
    run: syncAllOracleProjects,
    onDone: async ({ summaries }) => {
      const total = (pick: (summary: (typeof summaries)[number]) => number) =>
        summaries.reduce((sum, summary) => sum + pick(summary), 0);
      getFeedback().success(
        t('oracleConfigurations.syncDone', {
          units: summaries.length,
          projects: total((summary) => summary.projects.received),
          tasks: total((summary) => summary.tasks.received),
        }),
      );
    },
  });
}
