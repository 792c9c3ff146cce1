import { NOTIFICATION_PAGE_SIZE, notificationTestSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { notificationList } from './notifications.lists.js';
import { createNotificationService, type NotificationAction } from './notifications.service.js';

const BASE = '/api/notification';

/**
 * The notifications of the signed-in profile (spec 1 §7): the bell's latest ones, the paged list, the
 * read and close marks (own rows only), and the test sending. Reading one's notifications needs the read
 * right on `notification`; the web shows the bell only with it.
 */
export function registerNotificationRoutes(app: FastifyInstance, database: Database): void {
  const service = createNotificationService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: access.right('notification', 'read') };

  typed.get(`${BASE}/latest`, { config: read }, async (request) => service.latest(principalOf(request).userId));

  // the caller's own notifications, NOTIFICATION_PAGE_SIZE a page unless the query says otherwise
  registerList(app, database, {
    path: `${BASE}/list`,
    definition: notificationList(0),
    access: read.access,
    criteria: (wire, request) => ({
      definition: notificationList(principalOf(request).userId),
      wire: { size: NOTIFICATION_PAGE_SIZE, ...wire },
    }),
  });

  for (const action of ['read', 'close'] satisfies NotificationAction[]) {
    typed.post(`${BASE}/${action}/:id`, { schema: { params: idParams }, config: read }, async (request) =>
      service.mark(request.params.id, principalOf(request).userId, action, auditContext(request)),
    );
  }

  typed.post(
    `${BASE}/send/test`,
    { schema: { body: notificationTestSchema }, config: { access: access.right('notification', 'create') } },
    async (request) => ({
      success: true,
      id: await service.sendTest(request.body, { ...auditContext(request), userId: principalOf(request).userId }),
    }),
  );
}
