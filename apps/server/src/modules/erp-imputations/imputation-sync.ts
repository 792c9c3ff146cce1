import type { OracleImputationSyncStatus } from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oracleImputations } from '../../db/schema/index.js';
import type { Erp, ErpProject, ErpTask } from '../../integrations/erp/erp.port.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { saveErpProjects } from '../erp-projects/index.js';

export type ImputationSyncCounts = { synced: number; projectNotFound: number; taskNotFound: number };

type Resolution = {
  status: OracleImputationSyncStatus;
  message: string | null;
  erpProjectId: number | null;
  erpTaskId: number | null;
};

/** What the ERP said of one imputation's project and task numbers. */
export function resolveImputation(
  imputation: { projectNumber: string; taskNumber: string },
  project: ErpProject | null,
  tasks: ErpTask[],
): Resolution {
  if (!project) {
    return {
      status: 'PROJECT_NOT_FOUND',
      message: `Le projet ${imputation.projectNumber} n'existe pas dans Oracle.`,
      erpProjectId: null,
      erpTaskId: null,
    };
  }
  const task = tasks.find((candidate) => candidate.number === imputation.taskNumber);
  if (!task) {
    return {
      status: 'TASK_NOT_FOUND',
      message: `La tâche ${imputation.taskNumber} n'existe pas dans le projet Oracle ${imputation.projectNumber}.`,
      erpProjectId: project.erpProjectId,
      erpTaskId: null,
    };
  }
  return { status: 'SYNCED', message: null, erpProjectId: project.erpProjectId, erpTaskId: task.erpTaskId };
}

/**
 * Step 2: resolves the ERP project and task of every imputation through the port (one project lookup
 * and one task list per distinct project number), reading everything from the ERP before writing;
 * then, in one transaction, copies the projects and tasks found (as the project synchronisation does)
 * and records each imputation's outcome. An ERP failure (ErpError) leaves everything as it was.
 */
export async function syncImputations(
  db: Database,
  erp: Erp,
  context: AuditContext,
  onProgress: (done: number, total: number, projectNumber: string) => Promise<void>,
): Promise<ImputationSyncCounts> {
  const imputations = await db
    .select({
      id: oracleImputations.id,
      projectNumber: oracleImputations.projectNumber,
      taskNumber: oracleImputations.taskNumber,
    })
    .from(oracleImputations)
    .orderBy(asc(oracleImputations.id));
  const numbers = [...new Set(imputations.map((imputation) => imputation.projectNumber))];
  const projects = new Map<string, ErpProject | null>();
  const tasks = new Map<number, ErpTask[]>();
  for (const [index, number] of numbers.entries()) {
    const project = await erp.findProjectByNumber(number);
    projects.set(number, project);
    if (project) {
      tasks.set(project.erpProjectId, await erp.listTasks(project.erpProjectId));
    }
    await onProgress(index + 1, numbers.length, number);
  }
  const found = [...projects.values()].filter((project): project is ErpProject => project !== null);
  const counts: ImputationSyncCounts = { synced: 0, projectNotFound: 0, taskNotFound: 0 };
  await db.transaction(async (transaction) => {
    const saved = await saveErpProjects(transaction, found, tasks);
    for (const imputation of imputations) {
      const project = projects.get(imputation.projectNumber) ?? null;
      const resolution = resolveImputation(imputation, project, project ? (tasks.get(project.erpProjectId) ?? []) : []);
      counts[
        resolution.status === 'SYNCED' ? 'synced' : resolution.status === 'PROJECT_NOT_FOUND' ? 'projectNotFound' : 'taskNotFound'
      ] += 1;
      await transaction
        .update(oracleImputations)
        .set({
          oracleProjectId: resolution.erpProjectId === null ? null : (saved.projectIds.get(resolution.erpProjectId) ?? null),
          oracleTaskId: resolution.erpTaskId === null ? null : (saved.taskIds.get(resolution.erpTaskId) ?? null),
          syncStatus: resolution.status,
          syncMessage: resolution.message,
          syncedAt: sql`now()`,
          version: sql`${oracleImputations.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(oracleImputations.id, imputation.id));
    }
    await recordAudit(transaction, context, { entity: 'oracle_imputation', entityId: null, action: 'sync', after: counts });
  });
  return counts;
}
