import {
  ORACLE_PROJECT_NO_BUSINESS_UNIT_MESSAGE,
  ORACLE_PROJECT_SYNC_FAILED_MESSAGE,
  ORACLE_PROJECTS_SYNC_FAILED_MESSAGE,
  ORACLE_PROJECTS_SYNC_STARTED_MESSAGE,
} from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { businessUnits } from '../../db/schema/index.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import { access } from '../../platform/access.js';
import { businessRefusal } from '../../platform/errors.js';
import { jobAuditOf, taskTargetOf } from '../../platform/jobs/job-requests.js';
import type { TaskTarget } from '../../platform/jobs/job-types.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { projectList } from '../projects/index.js';
import { oracleProjectList } from './erp-projects.lists.js';
import type { ErpProjectService } from './erp-projects.service.js';
import { asSyncFailure, oracleProjectSyncJob } from './oracle-sync-jobs.js';

/**
 * Oracle projects (spec 3 §7): the project's Oracle projects tab (list, available ones, attach,
 * detach), the synchronisation of a project's business unit or of all of them, the list of Oracle
 * projects and the tasks of one.
 */
export function registerOracleProjectRoutes(app: FastifyInstance, database: Database, erp: Erp, service: ErpProjectService) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const projectInScope = { preHandler: requireInScope(database, projectList) };
  const linkParams = idParams.extend({ oracleId: idParams.shape.id });
  const syncJob = app.jobs.define(oracleProjectSyncJob(database, erp, app.principals));
  const synchronise = (businessUnits: string[], request: FastifyRequest, target: TaskTarget) =>
    app.jobs.runAndWait(syncJob, { businessUnits, audit: jobAuditOf(request) }, target);

  registerList(app, database, {
    path: '/api/oracle/projects',
    definition: oracleProjectList,
    access: access.right('oracle_project', 'read'),
  });

  typed.get(
    '/api/oracle/project/:id/tasks',
    {
      schema: { params: idParams },
      config: { access: access.right('oracle_task', 'read') },
      preHandler: requireInScope(database, oracleProjectList),
    },
    async (request) => service.oracleTasks(request.params.id),
  );

  typed.get(
    '/api/project/:id/oracleprojects',
    { schema: { params: idParams }, config: { access: access.right('oracle_project', 'read') }, ...projectInScope },
    async (request) => service.projectOracleProjects(request.params.id),
  );

  // Unattached Oracle projects of the project's requisitioning business unit (all of them without one).
  registerList(app, database, {
    path: '/api/project/:id/oracleprojects/available',
    definition: oracleProjectList,
    access: access.right('oracle_project', 'read'),
    params: idParams,
    ...projectInScope,
    criteria: async (wire, request) => {
      const businessUnit = await service.businessUnitOf(routeId(request));
      const available = {
        ...oracleProjectList,
        scope: undefined,
        where:
          businessUnit === null
            ? sql`op.project_id IS NULL`
            : sql`op.project_id IS NULL AND op.business_unit_name = ${businessUnit}`,
      };
      return { definition: available, wire };
    },
  });

  typed.put(
    '/api/project/:id/oracleprojects/:oracleId',
    { schema: { params: linkParams }, config: { access: access.right('oracle_project', 'update') }, ...projectInScope },
    async (request) => {
      await service.linkOracleProject(request.params.id, request.params.oracleId, auditContext(request));
      return { success: true };
    },
  );

  typed.delete(
    '/api/project/:id/oracleprojects/:oracleId',
    { schema: { params: linkParams }, config: { access: access.right('oracle_project', 'update') }, ...projectInScope },
    async (request) => {
      await service.unlinkOracleProject(request.params.id, request.params.oracleId, auditContext(request));
      return { success: true };
    },
  );

  typed.post(
    '/api/oracle/project/:id/sync',
    { schema: { params: idParams }, config: { access: access.right('project', 'update') }, ...projectInScope },
    async (request) => {
      const businessUnit = await service.businessUnitOf(request.params.id);
      if (businessUnit === null) {
        throw businessRefusal(ORACLE_PROJECT_NO_BUSINESS_UNIT_MESSAGE);
      }
      const [summary] = await synchronise([businessUnit], request, taskTargetOf(request, 'project', request.params.id)).catch(
        (error: unknown) => {
          throw asSyncFailure(error, ORACLE_PROJECT_SYNC_FAILED_MESSAGE);
        },
      );
      return { success: true, summary };
    },
  );

  typed.post('/api/oracle/projects/sync', { config: { access: access.right('oracle_project', 'update') } }, async (request) => {
    const units = await database
      .select({ name: businessUnits.name })
      .from(businessUnits)
      .where(eq(businessUnits.type, 'requisitioning'))
      .orderBy(asc(businessUnits.name), asc(businessUnits.id));
    const target = { entity: 'oracle_project' as const, entityId: null, creatorId: request.principal?.userId ?? null };
    const summaries = await synchronise(
      units.map((unit) => unit.name),
      request,
      target,
    ).catch((error: unknown) => {
      throw asSyncFailure(error, ORACLE_PROJECTS_SYNC_FAILED_MESSAGE);
    });
    return { success: true, message: ORACLE_PROJECTS_SYNC_STARTED_MESSAGE, summaries };
  });
}
