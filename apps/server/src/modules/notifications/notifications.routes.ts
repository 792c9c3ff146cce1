import { NOTIFICATION_PAGE_SIZE, notificationTestSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { parseListQuery, runList } from '../../platform/list-engine.js';
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

  typed.get(`${BASE}/list`, { config: read }, async (request) =>
    runList(
      database,
      notificationList(principalOf(request).userId),
      parseListQuery({ size: NOTIFICATION_PAGE_SIZE, ...(request.query as object) }),
      request.principal,
    ),
  );

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
