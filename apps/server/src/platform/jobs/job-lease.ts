import type PgBoss from 'pg-boss';
import type { JobData } from './job-attempt.js';
import type { TaskOutcome } from './job-outcome.js';
import type { AnyJobKind } from './job-types.js';
import type { TaskStore } from './task-store.js';

/** Tasks looked at per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 50;
/** A waiting task is looked at for a lost job after this many leases of silence (its job is sent at once). */
const ORPHAN_GRACE_LEASES = 5;

export type LeaseKeeperOptions = {
  store: TaskStore;
  leaseSeconds: number;
  kinds: ReadonlyMap<string, AnyJobKind>;
  /** The tasks this process runs: never taken for dead, whatever their row says. */
  runningTaskIds: ReadonlySet<number>;
  fail(kind: AnyJobKind, data: JobData, outcome: TaskOutcome, event: string): Promise<void>;
  settle(taskId: number, status: 'ERROR' | 'FAILED', outcome: TaskOutcome, event: string): Promise<void>;
  log: { error(object: unknown, message: string): void };
};

/** The text a person reads on a task whose job is no longer in the queue (job-lease.ts `sweep`). */
export const JOB_LOST_MESSAGE =
  "Le traitement a été interrompu : sa demande n'est plus dans la file d'attente (processus arrêté). Relancez l'opération.";

/** The text a person reads on a task whose worker died during an attempt. */
export function workerLostMessage(attempts: number, retried: boolean): string {
  const next = retried ? 'Un nouvel essai est prévu.' : "Aucun nouvel essai n'est prévu : relancez l'opération.";
  return `Le traitement a été interrompu : le processus qui l'exécutait s'est arrêté (essai ${attempts}). ${next}`;
}

/**
 * The lease of running tasks (docs/decisions.md, Jobs of a dead worker). A worker touches its task
 * every quarter of the lease; a sweep of every started runner takes a task silent for longer out of
 * PROCESSING and fails its pg-boss job, which pg-boss then retries (state `retry`) or ends (`failed`,
 * after the last attempt): the task follows, ERROR until a worker takes the retry, or FAILED with a
 * message saying the worker stopped. pg-boss's own expiry (`expireInSeconds`) stays as a backstop.
 */
export function createLeaseKeeper(options: LeaseKeeperOptions) {
  const { store, leaseSeconds, log } = options;

  async function release(boss: PgBoss, task: { id: number; jobId: string; kind: string; attempts: number }, silentFor: number) {
    const claimed = await store.claimStale(task.id, silentFor, {
      name: 'Processus de traitement arrêté',
      description:
        silentFor > 0
          ? `Aucun signe de vie du traitement depuis plus de ${silentFor} s (essai ${task.attempts}).`
          : `Le serveur a redémarré pendant le traitement (essai ${task.attempts}).`,
    });
    if (!claimed) {
      return;
    }
    await boss.fail(task.kind, task.jobId, { message: 'worker lost: task lease expired' });
    const job = await boss.getJobById<JobData>(task.kind, task.jobId, { includeArchive: true });
    const kind = options.kinds.get(task.kind);
    // pg-boss retries the job unless that was its last attempt
    if (job && ['created', 'retry', 'active'].includes(job.state)) {
      await options.settle(
        task.id,
        'ERROR',
        { kind: 'failed', message: workerLostMessage(task.attempts, true) },
        'Nouvel essai prévu',
      );
      return;
    }
    const lost: TaskOutcome = { kind: 'failed', message: workerLostMessage(task.attempts, false) };
    if (kind && job) {
      await options.fail(kind, job.data, lost, 'Échec');
    } else {
      await options.settle(task.id, 'FAILED', lost, 'Échec');
    }
  }

  /** A waiting task whose job pg-boss no longer holds ends FAILED, its creator told. */
  async function endOrphan(task: { id: number; kind: string; attempts: number; creatorId: number | null }) {
    const claimed = await store.claimOrphan(task.id, {
      name: 'Demande perdue',
      description: "La demande de traitement n'est plus dans la file d'attente.",
    });
    if (!claimed) {
      return;
    }
    const lost: TaskOutcome = { kind: 'failed', message: JOB_LOST_MESSAGE };
    const kind = options.kinds.get(task.kind);
    if (kind) {
      await options.fail(kind, { taskId: task.id, creatorId: task.creatorId, payload: null }, lost, 'Échec');
    } else {
      await options.settle(task.id, 'FAILED', lost, 'Échec');
    }
  }

  return {
    /**
     * One sweep: every task of another process silent for `silentFor` seconds (the lease; 0 at the start
     * of the only process of an embedded database, where every running task is a dead process's)
     * released, and every waiting task whose job is gone ended, each on its own.
     */
    async sweep(boss: PgBoss, silentFor = leaseSeconds): Promise<void> {
      const stale = await store.stale(silentFor, SWEEP_LIMIT);
      for (const task of stale) {
        if (options.runningTaskIds.has(task.id)) {
          continue;
        }
        try {
          await release(boss, task, silentFor);
        } catch (error) {
          log.error({ err: error, taskId: task.id }, 'a task of a dead worker could not be released');
        }
      }
      for (const task of await store.orphans(silentFor * ORPHAN_GRACE_LEASES, SWEEP_LIMIT)) {
        try {
          await endOrphan(task);
        } catch (error) {
          log.error({ err: error, taskId: task.id }, 'a task whose job is gone could not be ended');
        }
      }
    },
  };
}
