import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { taskList } from './tasks.lists.js';

/** Background tasks (spec 3 /tasks): the list of the jobs and their events, and its CSV. */
export function registerTaskRoutes(app: FastifyInstance, database: Database): void {
  registerList(app, database, {
    path: '/api/tasks',
    csvPath: '/api/task/csv',
    definition: taskList,
    access: access.right('task', 'read'),
    fileName: 'taches',
  });
}
