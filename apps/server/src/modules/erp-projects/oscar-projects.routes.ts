import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { projectList } from '../projects/index.js';
import { oscarProjectList, oscarSubprojectList } from './erp-projects.lists.js';
import type { ErpProjectService } from './erp-projects.service.js';

/**
 * OSCAR projects and sub-projects (spec 3 §7). The entity list of the spec has no OSCAR code: reading
 * them needs the read right on project, attaching them to a project the update right on project.
 */
export function registerOscarProjectRoutes(app: FastifyInstance, database: Database, service: ErpProjectService) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = access.right('project', 'read');
  const projectInScope = { preHandler: requireInScope(database, projectList) };
  const linkParams = idParams.extend({ oscarId: idParams.shape.id });

  registerList(app, database, {
    path: '/api/oscarsubprojects',
    csvPath: '/api/oscarsubproject/csv',
    definition: oscarSubprojectList,
    access: read,
    fileName: 'sous-projets-oscar',
  });
  registerList(app, database, { path: '/api/oscarprojects', definition: oscarProjectList, access: read });
  registerList(app, database, {
    path: '/api/oscarprojects/available',
    definition: { ...oscarProjectList, name: 'oscar-projects-available', where: sql`o.project_id IS NULL`, scope: undefined },
    access: read,
  });

  typed.get(
    '/api/oscarsubproject/:id',
    { schema: { params: idParams }, config: { access: read }, preHandler: requireInScope(database, oscarSubprojectList) },
    async (request) => service.subproject(request.params.id),
  );

  typed.get(
    '/api/oscarproject/:id/oscarsubprojects',
    { schema: { params: idParams }, config: { access: read }, preHandler: requireInScope(database, oscarProjectList) },
    async (request) => service.subprojects({ oscarProjectId: request.params.id }),
  );

  typed.get(
    '/api/project/:id/oscarsubprojects',
    { schema: { params: idParams }, config: { access: read }, ...projectInScope },
    async (request) => service.subprojects({ projectId: request.params.id }),
  );

  typed.post(
    '/api/project/:id/oscarproject/:oscarId',
    { schema: { params: linkParams }, config: { access: access.right('project', 'update') }, ...projectInScope },
    async (request) => {
      await service.linkOscarProject(request.params.id, request.params.oscarId, auditContext(request));
      return { success: true };
    },
  );

  typed.delete(
    '/api/project/:id/oscarproject/:oscarId',
    { schema: { params: linkParams }, config: { access: access.right('project', 'update') }, ...projectInScope },
    async (request) => {
      await service.unlinkOscarProject(request.params.id, request.params.oscarId, auditContext(request));
      return { success: true };
    },
  );
}
