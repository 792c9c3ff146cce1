import type { TaskEvent, TaskStatus } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Background tasks (spec 3 §3 Task): one row per job sent to pg-boss, written by the job runner
 * (platform/jobs). The events of a task live in it as a jsonb array (docs/decisions.md, Jobs).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    /** The pg-boss job id (made before the job is sent, so the task exists first). */
    jobId: uuid('job_id').notNull(),
    /** The job kind (pg-boss queue name). */
    kind: text('kind').notNull(),
    /** The entity the task works on (spec objectName) and its id (objectId). */
    objectName: text('object_name'),
    objectId: integer('object_id'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<TaskStatus>().notNull().default('CREATED'),
    /** Attempts started so far (pg-boss retries). */
    attempts: integer('attempts').notNull().default(0),
    events: jsonb('events').$type<TaskEvent[]>().notNull().default(sql`'[]'::jsonb`),
    /** What the job returned, or why it failed: read back by `runAndWait`. */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    check('tasks_status_check', sql`${table.status} IN ('CREATED', 'PROCESSING', 'SUCCESS', 'ERROR', 'FAILED')`),
    index('tasks_creator_idx').on(table.creatorId, table.id),
    index('tasks_object_idx').on(table.objectName, table.objectId),
    index('tasks_job_idx').on(table.jobId),
    // the lease sweep of every process reads the running tasks only (platform/jobs/job-lease.ts)
    index('tasks_processing_idx').on(table.updatedAt).where(sql`${table.status} = 'PROCESSING'`),
    // and the waiting ones whose job may be gone (task-store.ts `orphans`)
    index('tasks_waiting_idx').on(table.updatedAt).where(sql`${table.status} IN ('CREATED', 'ERROR')`),
  ],
);
