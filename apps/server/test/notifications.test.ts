import {
  type LatestNotifications,
  NOTIFICATION_LATEST_COUNT,
  NOTIFICATION_TEST_DEFAULT_MESSAGE,
  NOTIFICATION_TEST_RECIPIENT_MESSAGE,
  type NotificationRow,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../src/db/schema/index.js';
import { notify } from '../src/modules/notifications/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';

const BASE = '/api/notification';

let testApp: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  adminId = await userIdOf(testApp.db, 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

/** A profile that may read its notifications, and nothing else. */
const reader = () => actingAs(testApp, { read: ['notification'] });

function call(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; query?: Record<string, string> } = {},
) {
  return inject(testApp.app, { method, url, token, ...options });
}

async function latest(token: string): Promise<LatestNotifications> {
  const response = await call(token, 'GET', `${BASE}/latest`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LatestNotifications>();
}

async function list(token: string, query: Record<string, string> = {}) {
  const response = await call(token, 'GET', `${BASE}/list`, { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: NotificationRow[]; totalElements: number }>();
}

/** `count` TEST notifications for a profile, oldest first; returns their ids. */
async function notifyTimes(userId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 1; index <= count; index += 1) {
    ids.push(...(await notify(testApp.db, { recipients: [userId], template: 'TEST', context: { message: `Message ${index}` } })));
  }
  return ids;
}

const rowOf = async (id: number) => {
  const [row] = await testApp.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
};

describe('notify', () => {
  it('writes one unread row per distinct recipient, with its template, context and creator', async () => {
    const first = await reader();
    const second = await reader();
    const ids = await notify(testApp.db, {
      recipients: [first.userId, second.userId, first.userId],
      template: 'WORKFLOW_REFUSED',
      context: {
        entity: 'order',
        entityId: 12,
        label: 'OS-2025-0012',
        workflowName: 'Commande',
        nodeName: 'Brouillon',
        transitionName: 'Refuser',
        comment: 'Quantités à revoir',
      },
      creatorId: adminId,
    });
    expect(ids).toHaveLength(2);
    const [notification] = (await latest(first.token)).notifications;
    expect(notification).toMatchObject({
      id: ids[0],
      template: 'WORKFLOW_REFUSED',
      context: { entity: 'order', entityId: 12, label: 'OS-2025-0012', comment: 'Quantités à revoir' },
      readedAt: null,
      closedAt: null,
      creatorId: adminId,
      creatorName: 'Alice Administratrice',
    });
    expect(notification?.createdAt).toEqual(expect.any(String));
    expect((await latest(second.token)).notifications.map((row) => row.id)).toEqual([ids[1]]);
  });

  it('writes nothing for no recipient', async () => {
    const before = await countRows(testApp.db, notifications);
    expect(await notify(testApp.db, { recipients: [], template: 'TEST', context: { message: 'Personne' } })).toEqual([]);
    expect(await countRows(testApp.db, notifications)).toBe(before);
  });

  it('refuses a context that does not fit its template and writes nothing', async () => {
    const { userId } = await reader();
    const before = await countRows(testApp.db, notifications);
    await expect(
      notify(testApp.db, {
        recipients: [userId],
        template: 'ORDER_ERP_SEND_FAILED',
        // the order number and the error message are missing
        context: { orderId: 3 } as never,
      }),
    ).rejects.toThrow(/ORDER_ERP_SEND_FAILED.*orderNumber/s);
    expect(await countRows(testApp.db, notifications)).toBe(before);
  });

  it('belongs to the transaction it is given: a rollback takes the notification with it', async () => {
    const { userId } = await reader();
    await expect(
      testApp.db.transaction(async (transaction) => {
        await notify(transaction, { recipients: [userId], template: 'TEST', context: { message: 'Annulée' } });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect(await countRows(testApp.db, notifications, eq(notifications.userId, userId))).toBe(0);
  });
});

describe('GET /notification/latest', () => {
  it(`answers the ${NOTIFICATION_LATEST_COUNT} newest not closed, and the count of every unread one`, async () => {
    const { userId, token } = await reader();
    const ids = await notifyTimes(userId, NOTIFICATION_LATEST_COUNT + 3);
    const newest = [...ids].reverse();
    const before = await latest(token);
    expect(before.unread).toBe(ids.length);
    expect(before.notifications.map((row) => row.id)).toEqual(newest.slice(0, NOTIFICATION_LATEST_COUNT));

    expect((await call(token, 'POST', `${BASE}/read/${ids[0]}`)).statusCode).toBe(200);
    expect((await call(token, 'POST', `${BASE}/close/${newest[0]}`)).statusCode).toBe(200);
    const after = await latest(token);
    expect(after.unread).toBe(ids.length - 2);
    // the closed one leaves the bell, the next older one comes in
    expect(after.notifications.map((row) => row.id)).toEqual(newest.slice(1, NOTIFICATION_LATEST_COUNT + 1));
  });

  it('answers an empty bell to a profile without notifications', async () => {
    expect(await latest((await reader()).token)).toEqual({ notifications: [], unread: 0 });
  });
});

describe('GET /notification/list', () => {
  it('pages 20 at a time, newest first, and shows only the caller’s notifications', async () => {
    const { userId, token } = await reader();
    const other = await reader();
    const ids = await notifyTimes(userId, 23);
    await notifyTimes(other.userId, 2);
    const newest = [...ids].reverse();

    const first = await list(token);
    expect(first.totalElements).toBe(23);
    expect(first.content.map((row) => row.id)).toEqual(newest.slice(0, 20));
    const second = await list(token, { page: '1' });
    expect(second.content.map((row) => row.id)).toEqual(newest.slice(20));

    // even a filter naming the other profile's rows cannot reach them
    const otherIds = (await list(other.token)).content.map((row) => String(row.id));
    expect(await list(token, { filters: JSON.stringify({ id: otherIds.join(',') }) })).toEqual({ content: [], totalElements: 0 });
  });

  it('keeps closed notifications, and filters and sorts on its columns', async () => {
    const { userId, token } = await reader();
    const [older, newer] = await notifyTimes(userId, 2);
    await notify(testApp.db, {
      recipients: [userId],
      template: 'ORDER_ERP_SENT',
      context: { orderId: 4, orderNumber: 'OS-4' },
      creatorId: adminId,
    });
    await call(token, 'POST', `${BASE}/close/${older}`);

    expect((await list(token)).totalElements).toBe(3);
    const unread = await list(token, { filters: JSON.stringify({ readedAt: 'null' }) });
    expect(unread.content.map((row) => row.template)).toEqual(['ORDER_ERP_SENT', 'TEST']);
    const tests = await list(token, { filters: JSON.stringify({ template: 'TEST' }), sort: 'id,asc' });
    expect(tests.content.map((row) => row.id)).toEqual([older, newer]);
    expect(tests.content[0]?.closedAt).toEqual(expect.any(String));
    const byAdmin = await list(token, { filters: JSON.stringify({ creatorName: 'alice' }) });
    expect(byAdmin.content.map((row) => row.template)).toEqual(['ORDER_ERP_SENT']);
  });

  it('refuses unknown columns and bad paging with 400', async () => {
    const { token } = await reader();
    const queries: Record<string, string>[] = [
      { filters: JSON.stringify({ userId: '1' }) },
      { sort: 'context,asc' },
      { page: '-1' },
      { size: '0' },
    ];
    for (const query of queries) {
      const response = await call(token, 'GET', `${BASE}/list`, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('POST /notification/read/{id} and /close/{id}', () => {
  it('marks read once: the first time is kept and audited', async () => {
    const { userId, token } = await reader();
    const [id = 0] = await notifyTimes(userId, 1);
    const first = await call(token, 'POST', `${BASE}/read/${id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, closedAt: null, unread: 0 });
    const readedAt = (await rowOf(id))?.readedAt;
    expect(readedAt).toEqual(expect.any(String));

    const again = await call(token, 'POST', `${BASE}/read/${id}`);
    expect(again.statusCode).toBe(200);
    expect((await rowOf(id))?.readedAt).toBe(readedAt);
    const audits = await countRows(
      testApp.db,
      auditLog,
      and(eq(auditLog.entity, 'notification'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'read')),
    );
    expect(audits).toBe(1);
  });

  it('closes: the notification is read and closed', async () => {
    const { userId, token } = await reader();
    const [id = 0] = await notifyTimes(userId, 1);
    const response = await call(token, 'POST', `${BASE}/close/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const row = await rowOf(id);
    expect(row?.readedAt).toEqual(expect.any(String));
    expect(row?.closedAt).toEqual(expect.any(String));
    expect(response.json()).toMatchObject({ success: true, unread: 0 });
  });

  it.each(['read', 'close'])('answers 404 to %s on another profile’s notification and changes nothing', async (action) => {
    const owner = await reader();
    const intruder = await reader();
    const [id = 0] = await notifyTimes(owner.userId, 1);
    for (const token of [intruder.token, admin]) {
      const response = await call(token, 'POST', `${BASE}/${action}/${id}`);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await rowOf(id)).toMatchObject({ readedAt: null, closedAt: null });
  });

  it.each([
    ['abc', 400],
    ['0', 400],
    ['-3', 400],
    ['1.5', 400],
    ['3000000000', 400],
    ['2147483647', 404],
  ])('answers %s with %i', async (id, status) => {
    const { token } = await reader();
    for (const action of ['read', 'close']) {
      expect((await call(token, 'POST', `${BASE}/${action}/${id}`)).statusCode).toBe(status);
    }
  });
});

describe('rights', () => {
  it('needs the read right on notification for the bell, the list and the marks', async () => {
    const { userId, token } = await actingAs(testApp, { read: ['project'] });
    const [id = 0] = await notifyTimes(userId, 1);
    for (const [method, url] of [
      ['GET', `${BASE}/latest`],
      ['GET', `${BASE}/list`],
      ['POST', `${BASE}/read/${id}`],
      ['POST', `${BASE}/close/${id}`],
    ] as const) {
      expect((await call(token, method, url)).statusCode, url).toBe(403);
      expect((await inject(testApp.app, { method, url })).statusCode, url).toBe(401);
    }
    expect(await rowOf(id)).toMatchObject({ readedAt: null });
  });

  it('needs the create right on notification to send a test notification', async () => {
    const { token } = await reader();
    expect((await call(token, 'POST', `${BASE}/send/test`, { payload: {} })).statusCode).toBe(403);
  });
});

describe('POST /notification/send/test', () => {
  it('notifies the chosen profile in the name of the caller', async () => {
    const recipient = await reader();
    const response = await call(admin, 'POST', `${BASE}/send/test`, {
      payload: { userId: recipient.userId, message: '  Essai de la cloche  ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    expect((await latest(recipient.token)).notifications).toEqual([
      expect.objectContaining({
        id,
        template: 'TEST',
        context: { message: 'Essai de la cloche' },
        creatorName: 'Alice Administratrice',
      }),
    ]);
  });

  it('notifies the caller with the default text when nothing is given', async () => {
    const sender = await actingAs(testApp, { read: ['notification'], create: ['notification'] });
    const response = await inject(testApp.app, { method: 'POST', url: `${BASE}/send/test`, token: sender.token });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = (await latest(sender.token)).notifications;
    expect(row).toMatchObject({
      template: 'TEST',
      context: { message: NOTIFICATION_TEST_DEFAULT_MESSAGE },
      creatorId: sender.userId,
    });
  });

  it.each([
    [{ userId: 2_000_000_000 }, NOTIFICATION_TEST_RECIPIENT_MESSAGE],
    [{ userId: 'lecteur' }, NOTIFICATION_TEST_RECIPIENT_MESSAGE],
    [{ message: 'x'.repeat(501) }, 'Ce champ doit contenir au plus 500 caractères.'],
  ])('refuses %j with 400 and writes nothing', async (payload, message) => {
    const before = await countRows(testApp.db, notifications);
    const response = await call(admin, 'POST', `${BASE}/send/test`, { payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(message);
    expect(await countRows(testApp.db, notifications)).toBe(before);
  });
});

describe('demo data', () => {
  it.each(['lecteur', 'cdp', 'valideur', 'sst', 'comptable'])(
    'welcomes %s with an unread notification in the bell',
    async (uid) => {
      const bell = await latest(await login(testApp.app, uid, uid));
      expect(bell.unread).toBeGreaterThanOrEqual(1);
      expect(bell.notifications).toContainEqual(expect.objectContaining({ template: 'WELCOME', readedAt: null }));
    },
  );
});
