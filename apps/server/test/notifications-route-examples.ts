import { notify } from '../src/modules/notifications/index.js';
import { userIdOf } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

const BASE = '/api/notification';

/** A notification of the caller (of the administrator for an anonymous call, which is refused first). */
async function notificationForCaller(context: ExampleContext): Promise<number> {
  const userId = context.caller?.userId ?? (await userIdOf(context.db, 'admin'));
  const [id] = await notify(context.db, { recipients: [userId], template: 'TEST', context: { message: 'Exemple' } });
  return id ?? 0;
}

/** Valid requests for the notification routes (spec 1 §7 /notification). */
export const NOTIFICATION_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  [`POST ${BASE}/read/:id`]: async (context) => ({ url: `${BASE}/read/${await notificationForCaller(context)}` }),
  [`POST ${BASE}/close/:id`]: async (context) => ({ url: `${BASE}/close/${await notificationForCaller(context)}` }),
  [`POST ${BASE}/send/test`]: async (context) => ({
    url: `${BASE}/send/test`,
    payload: { userId: await userIdOf(context.db, 'lecteur'), message: 'Essai' },
  }),
};
