import type { OracleProjectSyncSummary, SyncCounts } from '@isf/contract';
import { asc, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { oracleProjects, oracleTasks } from '../../db/schema/erp-projects.js';
import type { Erp, ErpProject, ErpTask } from '../../integrations/erp/erp.port.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';

/** Rows written per statement. */
const CHUNK = 500;
/** Task lists asked of the ERP at the same time. */
const PARALLEL_TASK_CALLS = 4;

/** What the synchronisation reads of the ERP. */
export type ProjectReader = Pick<Erp, 'listProjects' | 'listTasks'>;

const SYSTEM_CONTEXT: AuditContext = { principal: null, requestId: 'oracle-project-sync' };

function chunks<Item>(items: Item[]): Item[][] {
  const result: Item[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    result.push(items.slice(start, start + CHUNK));
  }
  return result;
}

/** One record per ERP id (the last one wins): a reply listing a record twice must not fail the upsert. */
function uniqueBy<Item>(items: Item[], key: (item: Item) => number): Item[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

/** The tasks of every project, a few calls at a time. */
async function tasksOf(erp: ProjectReader, projects: ErpProject[]): Promise<Map<number, ErpTask[]>> {
  const result = new Map<number, ErpTask[]>();
  for (let start = 0; start < projects.length; start += PARALLEL_TASK_CALLS) {
    const batch = projects.slice(start, start + PARALLEL_TASK_CALLS);
    const lists = await Promise.all(batch.map((project) => erp.listTasks(project.erpProjectId)));
    for (const [index, project] of batch.entries()) {
      result.set(project.erpProjectId, lists[index] ?? []);
    }
  }
  return result;
}

/**
 * `ON CONFLICT … DO UPDATE` of the copied columns, only when one of them differs (so a second
 * synchronisation of the same data writes nothing), counting inserted and updated rows.
 */
async function upsert(
  db: Database,
  table: PgTable,
  target: PgColumn,
  copied: string[],
  rows: Record<string, unknown>[],
): Promise<Omit<SyncCounts, 'received'>> {
  const columns = getTableColumns(table);
  const tableName = getTableName(table);
  const names = copied.map((key) => columns[key]?.name ?? key);
  const set: Record<string, SQL> = Object.fromEntries(copied.map((key, index) => [key, sql.raw(`excluded."${names[index]}"`)]));
  const current = sql.raw(names.map((name) => `"${tableName}"."${name}"`).join(', '));
  const incoming = sql.raw(names.map((name) => `excluded."${name}"`).join(', '));
  let created = 0;
  let updated = 0;
  for (const chunk of chunks(rows)) {
    const written = await db
      .insert(table)
      .values(chunk)
      .onConflictDoUpdate({
        target,
        set: { ...set, version: sql.raw(`"${tableName}"."version" + 1`), updatedAt: sql`now()` },
        setWhere: sql`(${current}) IS DISTINCT FROM (${incoming})`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    created += written.filter((row) => row.inserted).length;
    updated += written.filter((row) => !row.inserted).length;
  }
  return { created, updated, unchanged: rows.length - created - updated };
}

const PROJECT_COLUMNS = [
  'name',
  'number',
  'typeName',
  'unitName',
  'status',
  'businessUnitName',
  'owningOrganizationName',
  'legalEntityName',
  'startDate',
  'endDate',
  'managerName',
  'description',
] as const;

const TASK_COLUMNS = ['oracleProjectId', 'name', 'number', 'description'] as const;

/**
 * Writes ERP projects and their tasks (upserts keyed by the ERP ids, links to ISF projects kept);
 * call it inside a transaction. Returns the counts and the ISF ids of the projects and tasks by ERP id.
 */
export async function saveErpProjects(
  transaction: Database,
  projects: ErpProject[],
  tasks: Map<number, ErpTask[]>,
): Promise<{
  projects: SyncCounts;
  tasks: SyncCounts;
  projectIds: Map<number, number>;
  taskIds: Map<number, number>;
}> {
  const projectCounts = await upsert(
    transaction,
    oracleProjects,
    oracleProjects.erpProjectId,
    [...PROJECT_COLUMNS],
    projects.map((project) => ({ ...project })),
  );
  const ids =
    projects.length === 0
      ? []
      : await transaction
          .select({ id: oracleProjects.id, erpProjectId: oracleProjects.erpProjectId })
          .from(oracleProjects)
          .where(
            inArray(
              oracleProjects.erpProjectId,
              projects.map((project) => project.erpProjectId),
            ),
          )
          .orderBy(asc(oracleProjects.id));
  const idByErpId = new Map(ids.map((row) => [row.erpProjectId, row.id]));
  const taskRows = uniqueBy(
    projects.flatMap((project) =>
      (tasks.get(project.erpProjectId) ?? []).map((task) => ({
        ...task,
        oracleProjectId: idByErpId.get(project.erpProjectId),
      })),
    ),
    (task) => task.erpTaskId,
  );
  const taskCounts = await upsert(transaction, oracleTasks, oracleTasks.erpTaskId, [...TASK_COLUMNS], taskRows);
  const taskIds =
    taskRows.length === 0
      ? []
      : await transaction
          .select({ id: oracleTasks.id, erpTaskId: oracleTasks.erpTaskId })
          .from(oracleTasks)
          .where(
            inArray(
              oracleTasks.erpTaskId,
              taskRows.map((task) => task.erpTaskId),
            ),
          )
          .orderBy(asc(oracleTasks.id));
  return {
    projects: { received: projects.length, ...projectCounts },
    tasks: { received: taskRows.length, ...taskCounts },
    projectIds: idByErpId,
    taskIds: new Map(taskIds.map((row) => [row.erpTaskId, row.id])),
  };
}

/**
 * Copies the projects of a business unit and their tasks from the ERP, idempotently: new ones are
 * created, changed ones updated, the rest left alone; the links to ISF projects are kept, and records
 * the ERP no longer lists are kept too (orders may point at them). Everything is read from the ERP
 * before anything is written, in one transaction. ERP failures surface as ErpError /
 * ErpInvalidResponse with nothing written.
 */
export async function syncOracleProjects(
  db: Database,
  erp: ProjectReader,
  options: { businessUnit: string; audit?: AuditContext },
): Promise<OracleProjectSyncSummary> {
  const projects = uniqueBy(await erp.listProjects({ businessUnit: options.businessUnit }), (project) => project.erpProjectId);
  const tasks = await tasksOf(erp, projects);
  return db.transaction(async (transaction) => {
    const saved = await saveErpProjects(transaction, projects, tasks);
    const summary: OracleProjectSyncSummary = {
      businessUnit: options.businessUnit,
      projects: saved.projects,
      tasks: saved.tasks,
    };
    await recordAudit(transaction, options.audit ?? SYSTEM_CONTEXT, {
      entity: 'oracle_project',
      entityId: options.businessUnit,
      action: 'sync',
      after: summary,
    });
    return summary;
  });
}
