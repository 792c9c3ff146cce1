import type { EntityCode, TaskStatus } from '@isf/contract';

export const TASK_LIST_PATH = '/tasks';
export const TASK_CSV_PATH = '/task/csv';

/** Tag colour of each status (spec 3 Task list): info, warning, success, danger. */
export const TASK_STATUS_COLORS: Record<TaskStatus, 'processing' | 'warning' | 'success' | 'error'> = {
  CREATED: 'processing',
  PROCESSING: 'warning',
  SUCCESS: 'success',
  ERROR: 'error',
  FAILED: 'error',
};

/** Detail screens a task's entity id links to, for the entities jobs work on. */
const ENTITY_DETAIL_ROUTES: Partial<Record<EntityCode, string>> = {
  bpu_template: '/sst/bputemplate',
  bpu_sst: '/sst/bpu',
  project: '/project',
  company: '/sst/company',
  agency: '/sst/agency',
  user: '/user',
};

export function entityDetailRoute(entity: string | null, id: number | null): { entity: EntityCode; to: string } | null {
  const base = entity ? ENTITY_DETAIL_ROUTES[entity as EntityCode] : undefined;
  return base && id !== null ? { entity: entity as EntityCode, to: `${base}/${id}` } : null;
}
