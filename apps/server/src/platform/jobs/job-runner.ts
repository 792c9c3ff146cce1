import { randomUUID } from 'node:crypto';
import { TASK_TIMEOUT_MESSAGE, taskFollowUp } from '@isf/contract';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.js';
import type { SqlExecutor } from '../../db/sql-executor.js';
import { HttpError } from '../errors.js';
import { createJobAttempts, type JobData, type TaskFailure } from './job-attempt.js';
import { createLeaseKeeper } from './job-lease.js';
import { errorOfOutcome, messageOf } from './job-outcome.js';
import type { AnyJobKind, JobKind, RetryPolicy, TaskRecord, TaskTarget, WaitOptions } from './job-types.js';
import type { TaskStore } from './task-store.js';
import { createTaskWaiter } from './task-waiter.js';
import { transactionExecutor } from './transaction-executor.js';

export const DEFAULT_RETRY: RetryPolicy = { limit: 2, delaySeconds: 30, backoff: true };
export const DEFAULT_LEASE_SECONDS = 60;

export type JobRunnerOptions = {
  sql: SqlExecutor;
  store: TaskStore;
  /** Whether this process takes jobs (the API may leave them to `src/worker.ts` processes). */
  worker: boolean;
  /** pg-boss polling of each queue (at least 0.5 s); a job sent by this process is taken at once. */
  pollSeconds: number;
  /** How often `runAndWait` reads its task when another process works on it. */
  waitPollMs: number;
  /** Default wait of `runAndWait`. */
  waitTimeoutMs: number;
  /** How long a shutdown waits for the jobs in progress. */
  stopTimeoutMs: number;
  /** pg-boss maintenance interval (expiry of the jobs of a dead worker, archives), in seconds. */
  maintenanceSeconds?: number;
  /** A running task silent for longer is taken for the task of a dead worker (job-lease.ts). */
  leaseSeconds?: number;
  /**
   * No other process uses this database (the embedded one, under its data-directory lock): at start,
   * before taking any job, every running task is a dead process's and is released at once.
   */
  soleProcess?: boolean;
  log: { error(object: unknown, message: string): void };
  /** Told of a task ended FAILED that no request waited for (e.g. to notify its creator); errors are logged. */
  onUnwatchedFailure?: (failure: TaskFailure) => Promise<void>;
};

export type JobRunner = {
  /** Declares a kind of job (before or after start); returns it for `enqueue` and `runAndWait`. */
  define<Payload, Result>(kind: JobKind<Payload, Result>): JobKind<Payload, Result>;
  /** Writes the task (CREATED) and sends the job; the task is returned at once. */
  enqueue<Payload>(kind: JobKind<Payload, unknown>, payload: Payload, target: TaskTarget): Promise<TaskRecord>;
  /**
   * Writes the task and sends the job inside the caller's transaction `tx`: both exist if and only if it
   * commits. Call `wake` after the commit so this process's worker takes the job at once.
   */
  enqueueInTransaction<Payload>(
    tx: Database,
    kind: JobKind<Payload, unknown>,
    payload: Payload,
    target: TaskTarget,
  ): Promise<TaskRecord & { wake(): void }>;
  /**
   * Enqueues, then waits for the task to end: its result, or the error the work ended with (a refusal
   * gives the same HTTP answer as if it had run in the request). Past the timeout: 504 with the task id.
   */
  runAndWait<Payload, Result>(
    kind: JobKind<Payload, Result>,
    payload: Payload,
    target: TaskTarget,
    options?: WaitOptions,
  ): Promise<Result>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** The job runner of DESIGN §1: pg-boss on the app's own database, each job mirrored by a task row. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { store, log } = options;
  const kinds = new Map<string, AnyJobKind>();
  const workerIds = new Map<string, string>();
  /** Queue creation and worker start of each kind, awaited before its first send. */
  const activations = new Map<string, Promise<void>>();
  const running = new Set<Promise<unknown>>();
  const waiter = createTaskWaiter(store, options.waitPollMs);
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const attempts = createJobAttempts(
    store,
    waiter,
    async (failure) => {
      try {
        await options.onUnwatchedFailure?.(failure);
      } catch (error) {
        log.error({ err: error, taskId: failure.taskId }, 'the failure of a task could not be reported');
      }
    },
    (leaseSeconds * 1000) / 4,
    log,
  );
  const lease = createLeaseKeeper({
    store,
    leaseSeconds,
    kinds,
    runningTaskIds: attempts.runningTaskIds,
    fail: attempts.fail,
    settle: attempts.settle,
    log,
  });
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  function startSweeps(instance: PgBoss): void {
    sweeper = setInterval(
      () => {
        if (sweeping) {
          return;
        }
        sweeping = lease
          .sweep(instance)
          .catch((error: unknown) => log.error({ err: error }, "the sweep of dead workers' tasks failed"))
          .finally(() => {
            sweeping = undefined;
          });
      },
      (leaseSeconds * 1000) / 2,
    );
    sweeper.unref();
  }

  async function activate(kind: AnyJobKind): Promise<void> {
    if (!boss) {
      return;
    }
    await boss.createQueue(kind.name);
    if (options.worker) {
      const id = await boss.work<JobData>(
        kind.name,
        { pollingIntervalSeconds: options.pollSeconds, includeMetadata: true, batchSize: 1 },
        async ([job]) => {
          if (!job) {
            return;
          }
          const task = attempts.run(kind, job);
          running.add(task);
          try {
            await task;
          } finally {
            running.delete(task);
          }
        },
      );
      workerIds.set(kind.name, id);
    }
  }

  async function started(): Promise<PgBoss> {
    await starting;
    if (!boss) {
      throw new Error('the job runner is not started');
    }
    return boss;
  }

  async function send<Payload>(kind: JobKind<Payload, unknown>, payload: Payload, target: TaskTarget, waited: boolean) {
    const queue = await started();
    if (kinds.get(kind.name) !== kind) {
      throw new Error(`job kind ${kind.name} is not defined`);
    }
    await activations.get(kind.name);
    kind.payload.parse(payload);
    const jobId = randomUUID();
    const task = await store.create(kind.name, jobId, target, 'Tâche créée');
    const data: JobData = { taskId: task.id, creatorId: target.creatorId, payload, waited };
    try {
      const sent = await queue.send(kind.name, data, jobOptions(kind, jobId));
      if (!sent) {
        throw new Error(`pg-boss did not take the job (queue ${kind.name})`);
      }
    } catch (error) {
      await attempts.settle(task.id, 'FAILED', { kind: 'failed', message: messageOf(error) }, 'Envoi impossible');
      throw error;
    }
    wake(kind);
    return task;
  }

  function jobOptions(kind: AnyJobKind, jobId: string) {
    const retry = kind.retry ?? DEFAULT_RETRY;
    return {
      id: jobId,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      ...(kind.expireInSeconds ? { expireInSeconds: kind.expireInSeconds } : {}),
    };
  }

  function wake(kind: AnyJobKind): void {
    const workerId = workerIds.get(kind.name);
    if (workerId && boss) {
      boss.notifyWorker(workerId);
    }
  }

  return {
    async enqueueInTransaction(tx, kind, payload, target) {
      const queue = await started();
      if (kinds.get(kind.name) !== kind) {
        throw new Error(`job kind ${kind.name} is not defined`);
      }
      await activations.get(kind.name);
      kind.payload.parse(payload);
      const jobId = randomUUID();
      const task = await store.create(kind.name, jobId, target, 'Tâche créée', tx);
      const data: JobData = { taskId: task.id, creatorId: target.creatorId, payload };
      const sent = await queue.send(kind.name, data, { ...jobOptions(kind, jobId), db: transactionExecutor(tx) });
      if (!sent) {
        throw new Error(`pg-boss did not take the job (queue ${kind.name})`);
      }
      return { ...task, wake: () => wake(kind) };
    },
    define(kind) {
      if (kinds.has(kind.name)) {
        throw new Error(`job kind ${kind.name} is defined twice`);
      }
      kinds.set(kind.name, kind);
      if (boss && !starting) {
        const activation = activate(kind);
        activation.catch((error: unknown) => log.error({ err: error, kind: kind.name }, 'job kind activation failed'));
        activations.set(kind.name, activation);
      }
      return kind;
    },

    enqueue: (kind, payload, target) => send(kind, payload, target, false),

    async runAndWait<Payload, Result>(
      kind: JobKind<Payload, Result>,
      payload: Payload,
      target: TaskTarget,
      waitOptions?: WaitOptions,
    ): Promise<Result> {
      const task = await send(kind, payload, target, true);
      const finished = await waiter.wait(task.id, waitOptions?.timeoutMs ?? options.waitTimeoutMs);
      if (!finished) {
        throw new HttpError(504, { error: TASK_TIMEOUT_MESSAGE, detail: taskFollowUp(task.id), taskId: task.id });
      }
      const outcome = finished.outcome ?? { kind: 'failed', message: 'sans détail' };
      if (finished.status === 'SUCCESS' && outcome.kind === 'result') {
        return outcome.value as Result;
      }
      throw errorOfOutcome(outcome.kind === 'result' ? { kind: 'failed', message: 'sans détail' } : outcome, task.id);
    },

    async start() {
      if (boss) {
        return;
      }
      const instance = new PgBoss({
        db: options.sql,
        schedule: false,
        supervise: options.worker,
        migrate: true,
        ...(options.maintenanceSeconds ? { maintenanceIntervalSeconds: options.maintenanceSeconds } : {}),
      });
      instance.on('error', (error) => log.error({ err: error }, 'job runner error'));
      boss = instance;
      starting = (async () => {
        await instance.start();
        if (options.soleProcess) {
          await lease.sweep(instance, 0);
        }
        for (const kind of kinds.values()) {
          const activation = activate(kind);
          activations.set(kind.name, activation);
          await activation;
        }
      })();
      try {
        await starting;
      } catch (error) {
        boss = undefined;
        throw error;
      } finally {
        starting = undefined;
      }
      startSweeps(instance);
    },

    async stop() {
      const instance = boss;
      if (!instance) {
        return;
      }
      await starting?.catch(() => undefined);
      boss = undefined;
      clearInterval(sweeper);
      await sweeping;
      waiter.stop();
      await instance.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs });
      // a job taken just before the stop still runs: wait for it, then for pg-boss's last writes
      const deadline = Date.now() + options.stopTimeoutMs;
      while (running.size > 0 && Date.now() < deadline) {
        await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, 100).unref())]);
      }
      await options.sql.idle();
    },
  };
}
