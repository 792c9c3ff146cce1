import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import type { AuditContext } from '../../platform/audit.js';
import { HttpError } from '../../platform/errors.js';
import { fileImportJob } from '../../platform/jobs/import-job.js';
import { jobAuditContext, jobAuditSchema } from '../../platform/jobs/job-requests.js';
import type { JobKind, RetryPolicy } from '../../platform/jobs/job-types.js';
import type { PrincipalLoader } from '../../platform/principal.js';
import { type BindCounts, bindOrders, ordersToSend } from './imputation-binding.js';
import { importedImputationSchema, saveImportedImputations } from './imputation-import.js';
import { type ImputationSyncCounts, syncImputations } from './imputation-sync.js';

/** The user waits for each step: quick retries (a refusal is never retried, docs/decisions.md Jobs). */
const STEP_RETRY: RetryPolicy = { limit: 2, delaySeconds: 1, backoff: true };
/** How often a step writes its progress event. */
const PROGRESS_EVERY = 25;

const importPayload = z.object({ rows: z.array(importedImputationSchema), audit: jobAuditSchema });
const stepPayload = z.object({ audit: jobAuditSchema });

/** Sends one order to the ERP (the order send of the ERP exchange); a refusal is an HttpError 4xx. */
export type SendOrder = (orderId: number, context: AuditContext) => Promise<void>;
export type SendCounts = { queued: number; skipped: { orderId: number; reason: string }[] };

/** Step 1: the checked lines of the file, written in batches with their progress. */
export function imputationImportJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof importPayload>, { created: number; updated: number }> {
  return fileImportJob(principals, {
    name: 'oracle-imputation-import',
    payload: importPayload,
    retry: STEP_RETRY,
    reading: ({ rows }) => `${rows.length} imputation(s) à importer`,
    write: ({ rows }, audit, progress) => saveImportedImputations(database, rows, audit, progress),
    written: (counts) => ['Imputations importées', `${counts.created} créée(s), ${counts.updated} mise(s) à jour`],
  });
}

/** Step 2: the ERP project and task of every imputation, a progress event every few projects. */
export function imputationSyncJob(
  database: Database,
  erp: Erp,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof stepPayload>, ImputationSyncCounts> {
  return {
    name: 'oracle-imputation-sync',
    payload: stepPayload,
    retry: STEP_RETRY,
    async handler({ audit }, context) {
      const auditContext = await jobAuditContext(principals, context, audit);
      const counts = await syncImputations(database, erp, auditContext, async (done, total, number) => {
        if (done === 1 || done === total || done % PROGRESS_EVERY === 0) {
          await context.log('Progression', `${done}/${total} projet(s) Oracle lu(s) (dernier : ${number})`);
        }
      });
      await context.log(
        'Imputations synchronisées',
        `${counts.synced} synchronisée(s), ${counts.projectNotFound} projet(s) introuvable(s), ${counts.taskNotFound} tâche(s) introuvable(s)`,
      );
      return counts;
    },
  };
}

/** Step 3: the orders of each synchronised eOTP bound to their imputation. */
export function imputationBindJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof stepPayload>, BindCounts> {
  return {
    name: 'oracle-imputation-bind-orders',
    payload: stepPayload,
    retry: STEP_RETRY,
    async handler({ audit }, context) {
      await context.log('Rattachement', 'Recherche des commandes par eOTP');
      const counts = await bindOrders(database, await jobAuditContext(principals, context, audit));
      await context.log(
        'Commandes rattachées',
        `${counts.bound} commande(s) rattachée(s), dont ${counts.changed} mise(s) à jour et ${counts.alreadySent} déjà dans Oracle`,
      );
      return counts;
    },
  };
}

/**
 * Step 4: each bound order not yet in the ERP is handed to the order send (its own job, idempotent);
 * an order the send refuses (not validated, being sent) is skipped with the reason.
 */
export function imputationSendJob(
  database: Database,
  principals: PrincipalLoader,
  sendOrder: SendOrder,
): JobKind<z.infer<typeof stepPayload>, SendCounts> {
  return {
    name: 'oracle-imputation-send-orders',
    payload: stepPayload,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
    async handler({ audit }, context) {
      const auditContext = await jobAuditContext(principals, context, audit);
      const ids = await ordersToSend(database);
      await context.log('Envoi', `${ids.length} commande(s) rattachée(s) sans identifiant Oracle`);
      const result: SendCounts = { queued: 0, skipped: [] };
      for (const [index, orderId] of ids.entries()) {
        try {
          await sendOrder(orderId, auditContext);
          result.queued += 1;
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) {
            throw error;
          }
          result.skipped.push({ orderId, reason: String(error.body.detail ?? error.body.error) });
        }
        if (index + 1 === ids.length || (index + 1) % PROGRESS_EVERY === 0) {
          await context.log('Progression', `${index + 1}/${ids.length} commande(s) traitée(s)`);
        }
      }
      await context.log('Commandes envoyées', `${result.queued} envoyée(s), ${result.skipped.length} écartée(s)`);
      return result;
    },
  };
}
