import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobKind } from '../../platform/jobs/job-types.js';
import { todayInParis } from '../../platform/pdf-document.js';
import { rowsOf } from '../../platform/sql-rows.js';

type GenerationJob = JobKind<
  { projectIds: number[]; audit: { requestId: string; onBehalfOfId: number | null }; scheduledFor?: string },
  unknown
>;

/**
 * The scheduled generation (spec 3: a project's monthly generation day, 01 to 28): a project is due once its
 * day of the month has come (a day missed while no worker ran is caught up later in the month) and it has no
 * run this month yet. One transaction writes the project's `statement_generation_runs` row (its key is the
 * project and the month: a concurrent or later tick inserts nothing) and sends its generation job, a task on
 * the project whose creator is the project's manager (told of the result). Returns the tasks started.
 */
export async function startDueGenerations(
  database: Database,
  jobs: FastifyInstance['jobs'],
  job: GenerationJob,
  today: string,
): Promise<{ projectId: number; taskId: number }[]> {
  const month = today.slice(0, 7);
  const day = Number(today.slice(8, 10));
  const wakes: (() => void)[] = [];
  const started = await database.transaction(async (tx) => {
    const due = await rowsOf<{ projectId: number; managerId: number | null }>(
      tx,
      sql`WITH due AS (
          INSERT INTO statement_generation_runs (project_id, month)
          SELECT p.id, ${month} FROM projects p
          WHERE p.ms_generation_date IS NOT NULL
            AND CASE WHEN p.ms_generation_date ~ '^[0-9]{1,2}$' THEN p.ms_generation_date::int END <= ${day}
          ORDER BY p.id
          ON CONFLICT DO NOTHING
          RETURNING project_id)
        SELECT due.project_id AS "projectId", p.manager_id AS "managerId"
        FROM due JOIN projects p ON p.id = due.project_id ORDER BY due.project_id`,
    );
    const tasks: { projectId: number; taskId: number }[] = [];
    for (const { projectId, managerId } of due) {
      const task = await jobs.enqueueInTransaction(
        tx,
        job,
        { projectIds: [projectId], audit: { requestId: `schedule:${today}`, onBehalfOfId: null }, scheduledFor: today },
        { entity: 'project', entityId: projectId, creatorId: managerId },
      );
      await tx.execute(
        sql`UPDATE statement_generation_runs SET task_id = ${task.id} WHERE project_id = ${projectId} AND month = ${month}`,
      );
      wakes.push(task.wake);
      tasks.push({ projectId, taskId: task.id });
    }
    return tasks;
  });
  for (const wake of wakes) {
    wake();
  }
  return started;
}

const ticks = new WeakMap<FastifyInstance, (today: string) => Promise<{ projectId: number; taskId: number }[]>>();

/** One tick of the app's schedule as on `today` (YYYY-MM-DD), whatever its interval: for tests and benches. */
export async function tickStatementSchedule(
  app: FastifyInstance,
  today: string,
): Promise<{ projectId: number; taskId: number }[]> {
  const tick = ticks.get(app);
  if (!tick) {
    throw new Error('the monthly statement routes are not registered on this app');
  }
  return tick(today);
}

/**
 * Ticks the schedule in a process that takes jobs: when it is ready, then every `everyMinutes` (0: never,
 * e.g. in tests). Every worker may tick: the runs table lets one of them start each project's run.
 */
export function scheduleGenerations(app: FastifyInstance, database: Database, job: GenerationJob, everyMinutes: number): void {
  ticks.set(app, (today) => startDueGenerations(database, app.jobs, job, today));
  if (everyMinutes <= 0) {
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> | undefined;
  const tick = () => {
    if (ticking) {
      return;
    }
    ticking = startDueGenerations(database, app.jobs, job, todayInParis())
      .catch((error: unknown) => app.log.error({ err: error }, 'the scheduled statement generation could not start'))
      .finally(() => {
        ticking = undefined;
      });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, everyMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await ticking;
  });
}
