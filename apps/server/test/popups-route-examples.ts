import { expect } from 'vitest';
import { inject, uniqueName, userIdOf } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

const BASE = '/api/popup-notification';

async function newPopup(context: ExampleContext): Promise<number> {
  const response = await inject(context.app, {
    method: 'POST',
    url: BASE,
    token: context.admin,
    payload: { title: uniqueName('Annonce'), content: 'Texte', active: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json<{ id: number }>().id);
}

const callerId = async (context: ExampleContext) => context.caller?.userId ?? (await userIdOf(context.db, 'admin'));

/** A popup aimed at the caller (at the administrator for an anonymous call, which is refused first). */
async function popupForCaller(context: ExampleContext): Promise<number> {
  const id = await newPopup(context);
  const userId = await callerId(context);
  const response = await inject(context.app, {
    method: 'POST',
    url: `${BASE}/${id}/users/add`,
    token: context.admin,
    payload: [userId],
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

const creation: RouteExample = async () => ({ url: BASE, payload: { title: uniqueName('Annonce'), content: '**Bonjour**' } });

/** Valid requests for the popup routes (spec 3 §7 /popup-notification). */
export const POPUP_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  [`POST ${BASE}`]: creation,
  [`POST ${BASE}/`]: async (context) => ({ ...(await creation(context)), url: `${BASE}/` }),
  [`GET ${BASE}/:id`]: async (context) => ({ url: `${BASE}/${await newPopup(context)}` }),
  [`PUT ${BASE}/:id`]: async (context) => ({
    url: `${BASE}/${await newPopup(context)}`,
    payload: { title: 'Annonce modifiée', content: 'Nouveau texte', active: false, version: 1 },
  }),
  [`DELETE ${BASE}/:id`]: async (context) => ({ url: `${BASE}/${await newPopup(context)}` }),
  [`GET ${BASE}/:id/users`]: async (context) => ({ url: `${BASE}/${await popupForCaller(context)}/users` }),
  [`POST ${BASE}/:id/users/add`]: async (context) => ({
    url: `${BASE}/${await newPopup(context)}/users/add`,
    payload: [await userIdOf(context.db, 'lecteur')],
  }),
  [`POST ${BASE}/:id/users/delete`]: async (context) => ({
    url: `${BASE}/${await popupForCaller(context)}/users/delete`,
    payload: [{ id: await callerId(context) }],
  }),
  [`GET ${BASE}/:id/notifications`]: async (context) => ({ url: `${BASE}/${await popupForCaller(context)}/notifications` }),
  [`POST ${BASE}/:id/read`]: async (context) => ({ url: `${BASE}/${await popupForCaller(context)}/read` }),
  [`POST ${BASE}/:id/close`]: async (context) => ({ url: `${BASE}/${await popupForCaller(context)}/close` }),
};
