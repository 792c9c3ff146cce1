import {
  IMPORT_SUCCESS_MESSAGE,
  NO_IMPUTATION_SELECTED_MESSAGE,
  ORACLE_IMPUTATIONS_NO_BOUND_ORDER_MESSAGE,
  ORACLE_IMPUTATIONS_NONE_MESSAGE,
  ORACLE_IMPUTATIONS_NOT_SYNCED_MESSAGE,
  ORACLE_IMPUTATIONS_SYNC_FAILED_MESSAGE,
  type OracleImputationBindReply,
  type OracleImputationImportReply,
  type OracleImputationSendReply,
  type OracleImputationSyncReply,
  oracleImputationRemoveSchema,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import { access } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { jobAuditOf } from '../../platform/jobs/job-requests.js';
import type { TaskTarget } from '../../platform/jobs/job-types.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { idList } from '../../platform/sql-rows.js';
import { asSyncFailure } from '../erp-projects/index.js';
import { parseCsv, readCsvUpload } from '../price-schedules/index.js';
import { ordersToSend } from './imputation-binding.js';
import { readImputationLines } from './imputation-import.js';
import {
  imputationBindJob,
  imputationImportJob,
  imputationSendJob,
  imputationSyncJob,
  type SendOrder,
} from './imputation-jobs.js';
import { oracleImputationList } from './oracle-imputations.lists.js';

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.execute(query)) as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;

/**
 * ERP imputations (spec 2 §2 ERP-facing screens, §7 ERP calls): the list and its CSV, the four steps —
 * import (CSV), synchronise, bind orders, send orders —, each a job the request waits for (visible in
 * /tasks), and the removals. Import and synchronisation need create on `oracle_imputation` (spec 2 §6);
 * so do the two other steps (docs/decisions.md); removal needs delete.
 */
export function registerOracleImputationRoutes(app: FastifyInstance, database: Database, erp: Erp, sendOrder: SendOrder): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const create = { access: access.right('oracle_imputation', 'create') };
  const importJob = app.jobs.define(imputationImportJob(database, app.principals));
  const syncJob = app.jobs.define(imputationSyncJob(database, erp, app.principals));
  const bindJob = app.jobs.define(imputationBindJob(database, app.principals));
  const sendJob = app.jobs.define(imputationSendJob(database, app.principals, sendOrder));
  const target = (request: FastifyRequest): TaskTarget => ({
    entity: 'oracle_imputation',
    entityId: null,
    creatorId: request.principal?.userId ?? null,
  });

  registerList(app, database, {
    path: '/api/oracle/imputations',
    csvPath: '/api/oracle/imputations/csv',
    definition: oracleImputationList,
    access: access.right('oracle_imputation', 'read'),
    fileName: 'imputations-oracle',
  });

  typed.post('/api/oracle/imputations/import', { config: create }, async (request): Promise<OracleImputationImportReply> => {
    const rows = readImputationLines(parseCsv(await readCsvUpload(request)));
    const counts = await app.jobs.runAndWait(importJob, { rows, audit: jobAuditOf(request) }, target(request));
    return { success: true, message: IMPORT_SUCCESS_MESSAGE, ...counts };
  });

  typed.post('/api/oracle/imputations/sync', { config: create }, async (request): Promise<OracleImputationSyncReply> => {
    if ((await count(database, sql`SELECT count(*)::int AS count FROM oracle_imputations`)) === 0) {
      throw businessRefusal(ORACLE_IMPUTATIONS_NONE_MESSAGE);
    }
    const counts = await app.jobs.runAndWait(syncJob, { audit: jobAuditOf(request) }, target(request)).catch((error: unknown) => {
      throw asSyncFailure(error, ORACLE_IMPUTATIONS_SYNC_FAILED_MESSAGE);
    });
    return { success: true, ...counts };
  });

  typed.post('/api/oracle/imputations/bindorders', { config: create }, async (request): Promise<OracleImputationBindReply> => {
    if ((await count(database, sql`SELECT count(*)::int AS count FROM oracle_imputations WHERE sync_status = 'SYNCED'`)) === 0) {
      throw businessRefusal(ORACLE_IMPUTATIONS_NOT_SYNCED_MESSAGE);
    }
    const counts = await app.jobs.runAndWait(bindJob, { audit: jobAuditOf(request) }, target(request));
    return { success: true, bound: counts.bound, alreadySent: counts.alreadySent };
  });

  typed.post('/api/oracle/imputations/sendorders', { config: create }, async (request): Promise<OracleImputationSendReply> => {
    if ((await ordersToSend(database)).length === 0) {
      throw businessRefusal(ORACLE_IMPUTATIONS_NO_BOUND_ORDER_MESSAGE);
    }
    const result = await app.jobs.runAndWait(sendJob, { audit: jobAuditOf(request) }, target(request));
    return { success: true, ...result };
  });

  typed.delete(
    '/api/oracle/imputation/:id',
    { schema: { params: idParams }, config: { access: access.right('oracle_imputation', 'delete') } },
    async (request) => {
      await removeImputations(database, [request.params.id], request, 'single');
      return { success: true };
    },
  );

  typed.delete(
    '/api/oracle/imputations',
    { schema: { body: oracleImputationRemoveSchema }, config: { access: access.right('oracle_imputation', 'delete') } },
    async (request) => {
      const removed = await removeImputations(database, request.body.ids, request, 'bulk');
      return { success: true, removed };
    },
  );
}

/**
 * Removes imputations from the list (their order bindings go with them; the orders keep their ERP
 * project and task). All or nothing: an unknown id refuses the whole removal.
 */
async function removeImputations(
  database: Database,
  ids: number[],
  request: FastifyRequest,
  kind: 'single' | 'bulk',
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    throw badRequest(NO_IMPUTATION_SELECTED_MESSAGE, { ids: NO_IMPUTATION_SELECTED_MESSAGE });
  }
  return database.transaction(async (transaction) => {
    const removed = (
      (await transaction.execute(sql`
        DELETE FROM oracle_imputations WHERE id IN (${idList(unique)})
        RETURNING id, eotp, project_number AS "projectNumber", task_number AS "taskNumber"`)) as unknown as {
        rows: { id: number; eotp: string }[];
      }
    ).rows;
    if (removed.length !== unique.length) {
      if (kind === 'single') {
        throw notFound();
      }
      const known = new Set(removed.map((row) => row.id));
      throw badRequest(`Imputation(s) inconnue(s) : ${unique.filter((id) => !known.has(id)).join(', ')}.`, {
        ids: 'Sélection invalide.',
      });
    }
    for (const row of removed) {
      await recordAudit(transaction, auditContext(request), {
        entity: 'oracle_imputation',
        entityId: row.id,
        action: 'delete',
        before: row,
      });
    }
    return removed.length;
  });
}
