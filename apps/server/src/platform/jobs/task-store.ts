import type { TaskStatus } from '@isf/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import type { TaskOutcome } from './job-outcome.js';
import type { TaskRecord, TaskTarget } from './job-types.js';

/** A runaway handler must not grow a task row without bound. */
/** The change that takes a task into ERROR with the event that says why (a stale or an orphan task). */
function intoError(event: { name: string; description: string }) {
  return {
    status: 'ERROR' as const,
    events: sql`${tasks.events} || jsonb_build_array(jsonb_build_object(
      'time', clock_timestamp(), 'name', ${event.name}::text, 'description', ${event.description}::text))`,
    updatedAt: sql`clock_timestamp()`,
  };
}

export const MAX_TASK_EVENTS = 500;

export type TaskChange = {
  status?: TaskStatus;
  attempts?: number;
  outcome?: TaskOutcome;
  event?: { name: string; description?: string };
};

const waiting = sql`${tasks.status} IN ('CREATED', 'ERROR')`;
/** No job of pg-boss (its schema `pgboss`) waits or runs for the task: states below `completed`. */
const jobGone = sql`NOT EXISTS (SELECT 1 FROM pgboss.job j
  WHERE j.name = ${tasks.kind} AND j.id = ${tasks.jobId} AND j.state < 'completed')`;

/** The task rows the job runner writes: created before the job is sent, then moved by the worker. */
export function createTaskStore(db: Database) {
  return {
    /** Writes the task row; `tx` makes it part of a transaction of the caller (the job is sent in it too). */
    async create(kind: string, jobId: string, target: TaskTarget, event: string, tx: Database = db): Promise<TaskRecord> {
      const [row] = await tx
        .insert(tasks)
        .values({
          jobId,
          kind,
          objectName: target.entity,
          objectId: target.entityId,
          creatorId: target.creatorId,
          events: sql`jsonb_build_array(jsonb_build_object('time', clock_timestamp(), 'name', ${event}::text))`,
        })
        .returning({ id: tasks.id, jobId: tasks.jobId, status: tasks.status });
      if (!row) {
        throw new Error('task not created');
      }
      return row;
    },

    /** One statement per change, so a status and the event that explains it land together. */
    async update(taskId: number, change: TaskChange): Promise<void> {
      const event = change.event;
      await db
        .update(tasks)
        .set({
          ...(change.status ? { status: change.status } : {}),
          ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
          ...(change.outcome ? { outcome: change.outcome } : {}),
          ...(event
            ? {
                events: sql`CASE WHEN jsonb_array_length(${tasks.events}) < ${MAX_TASK_EVENTS}
                  THEN ${tasks.events} || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
                    'time', clock_timestamp(), 'name', ${event.name}::text, 'description', ${event.description ?? null}::text)))
                  ELSE ${tasks.events} END`,
              }
            : {}),
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(tasks.id, taskId));
    },

    /** A sign of life of a running task: its worker is alive (see job-lease.ts). */
    async touch(taskId: number): Promise<void> {
      await db
        .update(tasks)
        .set({ updatedAt: sql`clock_timestamp()` })
        .where(and(eq(tasks.id, taskId), eq(tasks.status, 'PROCESSING')));
    },

    /** Running tasks without a sign of life for `leaseSeconds`: their worker died (or hangs). */
    async stale(leaseSeconds: number, limit: number): Promise<{ id: number; jobId: string; kind: string; attempts: number }[]> {
      return db
        .select({ id: tasks.id, jobId: tasks.jobId, kind: tasks.kind, attempts: tasks.attempts })
        .from(tasks)
        .where(
          and(
            eq(tasks.status, 'PROCESSING'),
            lt(tasks.updatedAt, sql`clock_timestamp() - make_interval(secs => ${leaseSeconds})`),
          ),
        )
        .orderBy(tasks.id)
        .limit(limit);
    },

    /**
     * Takes a stale task out of PROCESSING (into ERROR, with the event that says why) if it is still
     * stale: of two processes sweeping at once, or a worker that just woke up, one only wins.
     */
    async claimStale(taskId: number, leaseSeconds: number, event: { name: string; description: string }): Promise<boolean> {
      const claimed = await db
        .update(tasks)
        .set(intoError(event))
        .where(
          and(
            eq(tasks.id, taskId),
            eq(tasks.status, 'PROCESSING'),
            lt(tasks.updatedAt, sql`clock_timestamp() - make_interval(secs => ${leaseSeconds})`),
          ),
        )
        .returning({ id: tasks.id });
      return claimed.length > 0;
    },

    /**
     * Tasks waiting for their job (CREATED, or ERROR until a retry) whose pg-boss job no longer waits nor
     * runs: never sent (the process died between the task and the job), or ended by pg-boss's expiry
     * while no worker could tell the task. `graceSeconds` of silence first: a job is sent just after its task.
     */
    async orphans(
      graceSeconds: number,
      limit: number,
    ): Promise<{ id: number; jobId: string; kind: string; attempts: number; creatorId: number | null }[]> {
      return db
        .select({ id: tasks.id, jobId: tasks.jobId, kind: tasks.kind, attempts: tasks.attempts, creatorId: tasks.creatorId })
        .from(tasks)
        .where(and(waiting, lt(tasks.updatedAt, sql`clock_timestamp() - make_interval(secs => ${graceSeconds})`), jobGone))
        .orderBy(tasks.id)
        .limit(limit);
    },

    /** Takes an orphan task out of waiting (into ERROR, with the event that says why) if it still is one. */
    async claimOrphan(taskId: number, event: { name: string; description: string }): Promise<boolean> {
      const claimed = await db
        .update(tasks)
        .set(intoError(event))
        .where(and(eq(tasks.id, taskId), waiting, jobGone))
        .returning({ id: tasks.id });
      return claimed.length > 0;
    },

    async read(taskId: number): Promise<{ status: TaskStatus; outcome: TaskOutcome | null } | undefined> {
      const [row] = await db
        .select({ status: tasks.status, outcome: tasks.outcome })
        .from(tasks)
        .where(eq(tasks.id, taskId))
        .limit(1);
      return row ? { status: row.status, outcome: row.outcome as TaskOutcome | null } : undefined;
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;
