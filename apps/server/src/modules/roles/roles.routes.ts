import type { RoleRow } from '@isf/contract';
import { roleCreateSchema, roleUpdateSchema } from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';
import { access } from '../../platform/access.js';
import { defineList } from '../../platform/list-engine.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createRoleService } from './roles.service.js';

const roleList = defineList<RoleRow>({
  name: 'roles',
  from: sql`roles r LEFT JOIN roles p ON p.id = r.parent_role_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`r.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`r.name`, kind: 'text', label: 'Nom' },
    description: { sql: sql`r.description`, kind: 'text', label: 'Description' },
    visibility: { sql: sql`r.visibility`, kind: 'number', label: 'Visibilité' },
    parentRoleId: { sql: sql`r.parent_role_id`, kind: 'id', label: 'Rôle parent (id)', hiddenInCsv: true },
    parentRoleName: { sql: sql`p.name`, kind: 'text', label: 'Rôle parent' },
    userCount: {
      sql: sql`(SELECT count(*)::int FROM users u WHERE u.role_id = r.id AND u.active)`,
      kind: 'number',
      label: 'Utilisateurs actifs',
    },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

export function registerRoleRoutes(app: FastifyInstance, database: Database): void {
  const service = createRoleService(database, () => app.principals.invalidate());
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('role', action) });

  registerList(app, database, {
    path: '/api/roles',
    csvPath: '/api/role/csv',
    definition: roleList,
    access: access.right('role', 'read'),
  });

  typed.get('/api/roles/list', { config: right('read') }, async () =>
    database
      .select({ id: roles.id, name: roles.name, visibility: roles.visibility })
      .from(roles)
      .orderBy(asc(roles.name), asc(roles.id)),
  );

  typed.post('/api/role', { schema: { body: roleCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.get('/api/role/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/role/:id',
    { schema: { params: idParams, body: roleUpdateSchema }, config: right('update') },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete('/api/role/:id', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });

  typed.get(
    '/api/users/role/:roleId',
    { schema: { params: z.object({ roleId: idParams.shape.id }) }, config: { access: access.right('user', 'read') } },
    async (request) =>
      database
        .select({ id: users.id, uid: users.uid, name: users.name, mail: users.mail, active: users.active })
        .from(users)
        .where(eq(users.roleId, request.params.roleId))
        .orderBy(asc(users.name), asc(users.id)),
  );
}
