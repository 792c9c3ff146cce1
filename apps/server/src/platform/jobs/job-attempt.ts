import type PgBoss from 'pg-boss';
import { describeOutcome, messageOf, refusalOf, type TaskOutcome } from './job-outcome.js';
import type { AnyJobKind, JobContext } from './job-types.js';
import type { TaskStore } from './task-store.js';
import type { TaskWaiter } from './task-waiter.js';

/**
 * What the runner sends to pg-boss: the task to mirror, its creator, the kind's payload, and whether a
 * request waits for the outcome (`runAndWait`: the person sees a failure in the answer).
 */
export type JobData = { taskId: number; creatorId: number | null; payload: unknown; waited?: boolean };

/** A task that ended FAILED while nobody was waiting for it: its creator is told (a notification). */
export type TaskFailure = { taskId: number; jobName: string; creatorId: number; message: string };

/** One attempt of a job as the worker runs it, mirrored in its task row. */
export function createJobAttempts(
  store: TaskStore,
  waiter: TaskWaiter,
  onUnwatchedFailure: (failure: TaskFailure) => Promise<void> = async () => undefined,
  /** How often a running task shows a sign of life (a quarter of the lease, job-lease.ts). */
  heartbeatMs = 15_000,
  /** Where the whole error of a failed attempt goes (the task keeps a text without SQL, `messageOf`). */
  log: { error(object: unknown, message: string): void } = { error: () => undefined },
) {
  /** The tasks this process runs now: alive whatever their row says. */
  const runningTaskIds = new Set<number>();

  async function settle(taskId: number, status: 'SUCCESS' | 'ERROR' | 'FAILED', outcome: TaskOutcome, event: string) {
    const description = describeOutcome(outcome);
    await store.update(taskId, { status, outcome, event: { name: event, ...(description ? { description } : {}) } });
    waiter.notify(taskId);
  }

  /** Ends a task FAILED; its creator is told when no request waits for it. */
  async function fail(kind: AnyJobKind, data: JobData, outcome: TaskOutcome, event: string) {
    await settle(data.taskId, 'FAILED', outcome, event);
    if (!data.waited && data.creatorId !== null && !kind.reportsOwnFailure) {
      await onUnwatchedFailure({
        taskId: data.taskId,
        jobName: kind.name,
        creatorId: data.creatorId,
        message: describeOutcome(outcome) || event,
      });
    }
  }

  /**
   * PROCESSING, the handler, then SUCCESS; a refusal ends the task FAILED without a retry; another error
   * leaves it in ERROR (FAILED after the last attempt) and is rethrown for pg-boss to retry.
   */
  async function run(kind: AnyJobKind, job: PgBoss.JobWithMetadata<JobData>): Promise<void> {
    const { taskId } = job.data;
    const attempt = job.retryCount + 1;
    const lastAttempt = job.retryCount >= job.retryLimit;
    await store.update(taskId, {
      status: 'PROCESSING',
      attempts: attempt,
      event: { name: 'Traitement démarré', description: `Essai ${attempt} sur ${job.retryLimit + 1}` },
    });
    const payload = kind.payload.safeParse(job.data.payload);
    if (!payload.success) {
      await fail(kind, job.data, { kind: 'failed', message: 'Données de la tâche invalides.' }, 'Échec');
      return;
    }
    runningTaskIds.add(taskId);
    const heartbeat = setInterval(() => {
      store.touch(taskId).catch(() => undefined);
    }, heartbeatMs);
    heartbeat.unref();
    try {
      await runHandler(kind, job, payload.data, attempt, lastAttempt);
    } finally {
      clearInterval(heartbeat);
      runningTaskIds.delete(taskId);
    }
  }

  async function runHandler(
    kind: AnyJobKind,
    job: PgBoss.JobWithMetadata<JobData>,
    payload: unknown,
    attempt: number,
    lastAttempt: boolean,
  ): Promise<void> {
    const { taskId, creatorId } = job.data;
    const context: JobContext = {
      taskId,
      attempt,
      lastAttempt,
      creatorId,
      log: (name, description) => store.update(taskId, { event: { name, description } }),
    };
    try {
      const value = await kind.handler(payload, context);
      await settle(taskId, 'SUCCESS', { kind: 'result', value: value ?? null }, 'Terminé');
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) {
        // retrying cannot change a refusal: the task ends here and pg-boss sees the job as done
        await fail(kind, job.data, refusal, 'Refusé');
        return;
      }
      log.error({ err: error, taskId, job: kind.name, attempt }, 'a job attempt failed');
      const failure: TaskOutcome = { kind: 'failed', message: messageOf(error) };
      if (lastAttempt) {
        await fail(kind, job.data, failure, 'Échec');
      } else {
        await settle(taskId, 'ERROR', failure, 'Erreur, nouvel essai prévu');
      }
      throw error;
    }
  }

  return { run, settle, fail, runningTaskIds };
}
