import type { frTasks } from '../fr/tasks';

/** Texts of the background task screen (English build). */
export const enTasks: Record<keyof typeof frTasks, string> = {
  'tasks.title': 'Tasks',
  'tasks.refresh': 'Refresh',
  'tasks.id': 'ID',
  'tasks.jobId': 'JobId',
  'tasks.entity': 'Entity',
  'tasks.entityId': 'Entity ID',
  'tasks.creator': 'Creator',
  'tasks.statusLabel': 'Status',
  'tasks.createdAt': 'Created At',
  'tasks.events': 'Events',
};
