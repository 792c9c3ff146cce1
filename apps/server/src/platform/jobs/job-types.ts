import type { EntityCode, TaskStatus } from '@isf/contract';
import type { z } from 'zod';

/** Writes one event of a task (time, name, optional description); never call it inside a transaction. */
export type TaskEventLogger = (name: string, description?: string) => Promise<void>;

export type JobContext = {
  taskId: number;
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number;
  /** No retry follows this attempt if it fails. */
  lastAttempt: boolean;
  creatorId: number | null;
  log: TaskEventLogger;
};

export type RetryPolicy = {
  /** Retries after the first attempt (0: one attempt only). */
  limit: number;
  delaySeconds: number;
  /** Exponential backoff from `delaySeconds` (pg-boss `retryBackoff`). */
  backoff: boolean;
};

/**
 * A kind of job: its pg-boss queue name, the payload schema (checked when sent and when run: the
 * payload travels through the database, so it holds data, never a stream), its handler and its retries.
 */
export type JobKind<Payload, Result> = {
  name: string;
  payload: z.ZodType<Payload>;
  handler: (payload: Payload, context: JobContext) => Promise<Result>;
  retry?: RetryPolicy;
  /** How long an attempt may run before pg-boss fails it. */
  expireInSeconds?: number;
  /** The handler tells the people concerned of its own failures: no generic "task failed" notification. */
  reportsOwnFailure?: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: a registry of kinds with different payloads
export type AnyJobKind = JobKind<any, any>;

/** Who started a task and on what it works (spec objectName / objectId). */
export type TaskTarget = {
  entity: EntityCode | null;
  entityId: number | null;
  creatorId: number | null;
};

export type TaskRecord = { id: number; jobId: string; status: TaskStatus };

export type WaitOptions = { timeoutMs?: number };
