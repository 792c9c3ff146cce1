import type { Database } from '../../db/client.js';
import type { TaskFailure } from '../../platform/jobs/job-attempt.js';
import { notify } from './notify.js';

/** Tells the creator of a background task that it ended FAILED (its events are in /tasks). */
export async function notifyTaskFailure(db: Database, failure: TaskFailure): Promise<void> {
  await notify(db, {
    recipients: [failure.creatorId],
    template: 'JOB_FAILED',
    context: { taskId: failure.taskId, jobName: failure.jobName, errorMessage: failure.message.slice(0, 2_000) },
    creatorId: null,
  });
}
