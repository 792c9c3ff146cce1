/** Background tasks (spec 3 /tasks): one per job, with its status and the events of its work. */
export const TASK_STATUSES = ['CREATED', 'PROCESSING', 'SUCCESS', 'ERROR', 'FAILED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses after which a task no longer changes. */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ['SUCCESS', 'FAILED'];

/** Spec 3 §9: the task list shows 20 rows a page, newest first, without page-size options. */
export const TASK_PAGE_SIZE = 20;

export type TaskEvent = { time: string; name: string; description?: string | null };

/** A row of `GET /tasks`. */
export type TaskRow = {
  id: number;
  jobId: string;
  objectName: string | null;
  objectId: number | null;
  creatorId: number | null;
  creatorName: string | null;
  status: TaskStatus;
  createdAt: string;
  events: TaskEvent[];
  eventLog: string | null;
};

export const TASK_TIMEOUT_MESSAGE = "Le traitement n'est pas encore terminé.";
export const TASK_FAILED_MESSAGE = 'Le traitement a échoué.';

/** Where to follow a task that outlived the request that started it. */
export function taskFollowUp(taskId: number): string {
  return `Il se poursuit en arrière-plan : suivez la tâche n° ${taskId} dans la liste des tâches.`;
}
