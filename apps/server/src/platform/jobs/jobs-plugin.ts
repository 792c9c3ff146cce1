import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner.js';
import { createTaskStore } from './task-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

const STOP_TIMEOUT_MS = 10_000;

/**
 * Decorates the app with its job runner (`app.jobs`): modules define their kinds while they register,
 * pg-boss starts when the app is ready and stops (waiting for the jobs in progress) when it closes.
 */
export function registerJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: Pick<
    AppConfig,
    'jobWorker' | 'jobPollSeconds' | 'jobWaitTimeoutMs' | 'jobMaintenanceSeconds' | 'jobLeaseSeconds' | 'jobSoleProcess'
  >,
  hooks: Pick<JobRunnerOptions, 'onUnwatchedFailure'> = {},
): JobRunner {
  const runner = createJobRunner({
    sql: database.sql,
    store: createTaskStore(database.db),
    worker: config.jobWorker,
    pollSeconds: config.jobPollSeconds,
    waitPollMs: Math.min(250, config.jobPollSeconds * 1000),
    waitTimeoutMs: config.jobWaitTimeoutMs,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    maintenanceSeconds: config.jobMaintenanceSeconds,
    leaseSeconds: config.jobLeaseSeconds,
    soleProcess: config.jobSoleProcess,
    log: app.log,
    ...hooks,
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
  return runner;
}
