import type { OracleProjectSyncSummary } from '@isf/contract';
import { TASK_FAILED_MESSAGE } from '@isf/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import { HttpError } from '../../platform/errors.js';
import { jobAuditContext, jobAuditSchema } from '../../platform/jobs/job-requests.js';
import type { JobKind, RetryPolicy } from '../../platform/jobs/job-types.js';
import type { PrincipalLoader } from '../../platform/principal.js';
import { syncOracleProjects } from './oracle-project-sync.js';

const syncPayload = z.object({ businessUnits: z.array(z.string().min(1)).max(500), audit: jobAuditSchema });

/**
 * The user waits for the synchronisation and may start it again: no automatic retry, the failure
 * (with the ERP's words) is in the task's events and in the answer.
 */
const SYNC_RETRY: RetryPolicy = { limit: 0, delaySeconds: 1, backoff: false };

function counts(summary: OracleProjectSyncSummary): string {
  const { projects, tasks } = summary;
  return (
    `${projects.received} projet(s) reçu(s) : ${projects.created} créé(s), ${projects.updated} mis à jour ; ` +
    `${tasks.received} tâche(s) reçue(s) : ${tasks.created} créée(s), ${tasks.updated} mise(s) à jour`
  );
}

/** Synchronises the Oracle projects of some business units, one after the other, as a job (visible in /tasks). */
export function oracleProjectSyncJob(
  database: Database,
  erp: Erp,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof syncPayload>, OracleProjectSyncSummary[]> {
  return {
    name: 'oracle-project-sync',
    payload: syncPayload,
    retry: SYNC_RETRY,
    async handler({ businessUnits, audit }, context) {
      const auditContext = await jobAuditContext(principals, context, audit);
      const summaries: OracleProjectSyncSummary[] = [];
      for (const businessUnit of businessUnits) {
        await context.log('Synchronisation', businessUnit);
        const summary = await syncOracleProjects(database, erp, { businessUnit, audit: auditContext });
        await context.log('Synchronisé', `${businessUnit} : ${counts(summary)}`);
        summaries.push(summary);
      }
      return summaries;
    },
  };
}

/** A failed synchronisation task as the spec's message (502), the task's own words as the detail. */
export function asSyncFailure(error: unknown, message: string): unknown {
  if (error instanceof HttpError && error.statusCode === 500 && error.body.error === TASK_FAILED_MESSAGE) {
    return new HttpError(502, { ...error.body, error: message });
  }
  return error;
}
