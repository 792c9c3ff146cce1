import { popupCreateSchema, popupCriteriaSchema, popupUpdateSchema, popupUserListSchema } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { badRequest } from '../../platform/errors.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { popupCandidateList, popupList, popupNotificationList } from './popups.lists.js';
import { createPopupService, type PopupAction } from './popups.service.js';

const BASE = '/api/popup-notification';

/** The targeting criteria of a query string (`roles`, `agencies`, `projects` as comma-separated ids). */
function criteriaOf(query: unknown) {
  const parsed = popupCriteriaSchema.safeParse(query ?? {});
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'query'), issue.message]));
    throw badRequest(Object.values(fields).join(' ; '), fields);
  }
  return {
    roles: parsed.data.roles ?? [],
    agencies: parsed.data.agencies ?? [],
    projects: parsed.data.projects ?? [],
  };
}

/**
 * Popup notifications (spec 3 §7 /popup-notification): management with the popup rights, and for any
 * signed-in user the popups aimed at them and the marks "read" (shown) and "closed".
 */
export function registerPopupRoutes(app: FastifyInstance, database: Database): void {
  const service = createPopupService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('popup', action) });

  registerList(app, database, {
    path: `${BASE}/all`,
    csvPath: `${BASE}/csv`,
    definition: popupList,
    access: access.right('popup', 'read'),
    fileName: 'popups',
  });

  typed.get(`${BASE}/me`, { config: { access: access.authenticated() } }, async (request) =>
    service.announcementsFor(principalOf(request).userId),
  );

  // the targeting criteria beside the list query
  registerList(app, database, {
    path: `${BASE}/fetch-users`,
    definition: popupCandidateList({ roles: [], agencies: [], projects: [] }),
    access: access.right('popup', 'read'),
    criteria: (wire) => ({ definition: popupCandidateList(criteriaOf(wire)), wire }),
  });

  typed.get(`${BASE}/fetch-users-without-page`, { config: right('read') }, async (request) =>
    service.candidates(criteriaOf(request.query)),
  );

  // The spec writes the creation path with a trailing slash; both spellings are served.
  for (const url of [BASE, `${BASE}/`]) {
    typed.post(url, { schema: { body: popupCreateSchema }, config: right('create') }, async (request) => ({
      success: true,
      id: await service.create(request.body, auditContext(request)),
    }));
  }

  typed.get(`${BASE}/:id`, { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    `${BASE}/:id`,
    { schema: { params: idParams, body: popupUpdateSchema }, config: right('update') },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete(`${BASE}/:id`, { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });

  typed.get(`${BASE}/:id/users`, { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.users(request.params.id),
  );

  typed.post(
    `${BASE}/:id/users/add`,
    { schema: { params: idParams, body: popupUserListSchema }, config: right('update') },
    async (request) => ({
      success: true,
      added: await service.addUsers(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.post(
    `${BASE}/:id/users/delete`,
    { schema: { params: idParams, body: popupUserListSchema }, config: right('update') },
    async (request) => ({
      success: true,
      removed: await service.removeUsers(request.params.id, request.body, auditContext(request)),
    }),
  );

  registerList(app, database, {
    path: `${BASE}/:id/notifications`,
    params: idParams,
    preHandler: async (request) => {
      await service.get(routeId(request));
    },
    definition: popupNotificationList,
    where: (request) => sql`pu.popup_id = ${routeId(request)}`,
    access: access.right('popup', 'read'),
  });

  // Any signed-in user, for their own row only: the popup must target them (404 otherwise).
  for (const action of ['read', 'close'] satisfies PopupAction[]) {
    typed.post(
      `${BASE}/:id/${action}`,
      { schema: { params: idParams }, config: { access: access.authenticated() } },
      async (request) => ({
        success: true,
        ...(await service.record(request.params.id, principalOf(request).userId, action, auditContext(request))),
      }),
    );
  }
}
