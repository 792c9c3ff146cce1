import { POPUP_NO_USER_MESSAGE, POPUP_USER_ID_MESSAGE } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, auditLog, popups, popupUsers, userAgencies, userProjects, users } from '../src/db/schema/index.js';
import {
  actingAs,
  countRows,
  createTestApp,
  createTestRole,
  createTestUser,
  inject,
  login,
  type TestApp,
  userIdOf,
} from './helper.js';

const BASE = '/api/popup-notification';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; query?: Record<string, string> };

function call(token: string, { method, url, payload, query }: Call) {
  return inject(testApp.app, { method, url, token, payload: payload as object, query });
}

async function createPopup(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await call(admin, {
    method: 'POST',
    url: BASE,
    payload: { title: 'Annonce', content: 'Texte', ...overrides },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

async function target(popupId: number, userIds: number[]) {
  const response = await call(admin, { method: 'POST', url: `${BASE}/${popupId}/users/add`, payload: userIds });
  expect(response.statusCode, response.body).toBe(200);
}

/** A signed-in user without any right: what every popup reader is. */
const someone = () => actingAs(testApp);

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('popup editing', () => {
  it('creates, reads, edits and deletes a popup, with both spellings of the creation path', async () => {
    const created = await call(admin, {
      method: 'POST',
      url: `${BASE}/`,
      payload: { title: '  Maintenance  ', content: '**Samedi**' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    const read = await call(admin, { method: 'GET', url: `${BASE}/${id}` });
    expect(read.json()).toMatchObject({ id, title: 'Maintenance', content: '**Samedi**', active: true, version: 1 });

    const update = await call(admin, {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { ...read.json<object>(), title: 'Maintenance prévue', active: false },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().record).toMatchObject({ title: 'Maintenance prévue', active: false, version: 2 });

    const stale = await call(admin, { method: 'PUT', url: `${BASE}/${id}`, payload: { title: 'Autre', version: 1 } });
    expect(stale.statusCode).toBe(409);

    const list = await call(admin, { method: 'GET', url: `${BASE}/all`, query: { filters: JSON.stringify({ id: String(id) }) } });
    expect(list.json()).toMatchObject({ totalElements: 1, content: [{ id, title: 'Maintenance prévue', active: false }] });

    await target(id, [await userIdOf(testApp.db, 'lecteur')]);
    const removed = await call(admin, { method: 'DELETE', url: `${BASE}/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(admin, { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(404);
    expect(await countRows(testApp.db, popupUsers, eq(popupUsers.popupId, id))).toBe(0);
  });

  it('requires a title and refuses bad fields with French messages, writing nothing', async () => {
    const before = await countRows(testApp.db, popups);
    const cases: [unknown, string, string?][] = [
      [{ content: 'Sans titre' }, 'title', 'Ce champ est obligatoire.'],
      [{ title: '   ' }, 'title', 'Ce champ est obligatoire.'],
      [{ title: 'x'.repeat(256) }, 'title', 'Ce champ doit contenir au plus 255 caractères.'],
      [{ title: 'Annonce', content: 'x'.repeat(20_001) }, 'content'],
      [{ title: 'Annonce', active: 'oui' }, 'active'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(admin, { method: 'POST', url: BASE, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = response.json<{ fields?: Record<string, string> }>().fields ?? {};
      expect(Object.keys(fields), JSON.stringify(payload)).toContain(field);
      if (message) {
        expect(fields[field]).toBe(message);
      }
    }
    const id = await createPopup({ title: 'Titre conservé' });
    const emptied = await call(admin, { method: 'PUT', url: `${BASE}/${id}`, payload: { title: '', version: 1 } });
    expect(emptied.statusCode).toBe(400);
    expect((await call(admin, { method: 'GET', url: `${BASE}/${id}` })).json()).toMatchObject({
      title: 'Titre conservé',
      version: 1,
    });
    expect(await countRows(testApp.db, popups)).toBe(before + 1);
  });

  it('keeps the content as text: markup is stored as typed and never interpreted by the server', async () => {
    const content = '<script>alert(1)</script> [lien](javascript:alert(1))';
    const id = await createPopup({ content });
    expect((await call(admin, { method: 'GET', url: `${BASE}/${id}` })).json().content).toBe(content);
  });
});

describe('popup targeting', () => {
  it('adds users given as ids or records, lists them with mail and role, and removes them', async () => {
    const id = await createPopup();
    const lecteur = await userIdOf(testApp.db, 'lecteur');
    const cdp = await userIdOf(testApp.db, 'cdp');
    const add = await call(admin, { method: 'POST', url: `${BASE}/${id}/users/add`, payload: [lecteur, { id: cdp }, lecteur] });
    expect(add.json()).toEqual({ success: true, added: 2 });
    const again = await call(admin, { method: 'POST', url: `${BASE}/${id}/users/add`, payload: [lecteur] });
    expect(again.json()).toEqual({ success: true, added: 0 });

    const listed = await call(admin, { method: 'GET', url: `${BASE}/${id}/users` });
    expect(listed.json()).toEqual([
      { id: cdp, uid: 'cdp', name: 'Camille Chef de projet', mail: 'cdp@isf.example', roleName: 'Chef de projet' },
      { id: lecteur, uid: 'lecteur', name: 'Louis Lecteur', mail: 'lecteur@isf.example', roleName: 'Consultation référentiel' },
    ]);

    const remove = await call(admin, { method: 'POST', url: `${BASE}/${id}/users/delete`, payload: [{ id: cdp }, 999_999] });
    expect(remove.json()).toEqual({ success: true, removed: 1 });
    expect(idsOf((await call(admin, { method: 'GET', url: `${BASE}/${id}/users` })).json())).toEqual([lecteur]);
  });

  it('refuses an empty list, non-ids and unknown users, writing nothing', async () => {
    const id = await createPopup();
    const lecteur = await userIdOf(testApp.db, 'lecteur');
    const audits = await countRows(testApp.db, auditLog);
    const cases: [unknown, string][] = [
      [[], POPUP_NO_USER_MESSAGE],
      [['abc'], POPUP_USER_ID_MESSAGE],
      [[1.5], POPUP_USER_ID_MESSAGE],
      [{ users: [lecteur] }, POPUP_USER_ID_MESSAGE],
      [[lecteur, 999_999], 'Utilisateur inconnu : 999999.'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(admin, { method: 'POST', url: `${BASE}/${id}/users/add`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(message);
    }
    expect(await countRows(testApp.db, popupUsers, eq(popupUsers.popupId, id))).toBe(0);
    expect(await countRows(testApp.db, auditLog)).toBe(audits);
    const unknownPopup = await call(admin, { method: 'POST', url: `${BASE}/999999/users/add`, payload: [lecteur] });
    expect(unknownPopup.statusCode).toBe(404);
  });

  it('finds active users by roles, agencies and projects: any id of a criterion, every criterion given', async () => {
    const roleA = await createTestRole(testApp.db);
    const roleB = await createTestRole(testApp.db);
    const [agency] = await testApp.db.select({ id: agencies.id }).from(agencies).limit(1);
    const agencyId = agency?.id ?? 0;
    const inAgency = await createTestUser(testApp.db, { roleId: roleA });
    const inProject = await createTestUser(testApp.db, { roleId: roleA });
    const inBoth = await createTestUser(testApp.db, { roleId: roleB });
    const inactive = await createTestUser(testApp.db, { roleId: roleA, active: false });
    await testApp.db.insert(userAgencies).values([
      { userId: inAgency.id, agencyId },
      { userId: inBoth.id, agencyId },
      { userId: inactive.id, agencyId },
    ]);
    await testApp.db.insert(userProjects).values([
      { userId: inProject.id, projectId: 2 },
      { userId: inBoth.id, projectId: 3 },
    ]);

    const search = async (query: Record<string, string>) => {
      const response = await call(admin, { method: 'GET', url: `${BASE}/fetch-users`, query: { size: '200', ...query } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ content: { id: number }[]; totalElements: number }>();
    };
    expect(idsOf((await search({ roles: `${roleA},${roleB}` })).content).sort()).toEqual(
      [inAgency.id, inProject.id, inBoth.id].sort(),
    );
    expect(idsOf((await search({ roles: String(roleA) })).content).sort()).toEqual([inAgency.id, inProject.id].sort());
    const byAgency = idsOf((await search({ agencies: String(agencyId) })).content);
    expect(byAgency).toEqual(expect.arrayContaining([inAgency.id, inBoth.id]));
    expect(byAgency).not.toContain(inactive.id);
    expect(byAgency).not.toContain(inProject.id);
    const byProjects = idsOf((await search({ projects: '2,3' })).content);
    expect(byProjects).toEqual(expect.arrayContaining([inProject.id, inBoth.id, await userIdOf(testApp.db, 'cdp')]));
    expect(byProjects).not.toContain(inAgency.id);
    expect(idsOf((await search({ roles: `${roleA},${roleB}`, agencies: String(agencyId), projects: '3' })).content)).toEqual([
      inBoth.id,
    ]);

    const paged = await search({ roles: `${roleA},${roleB}`, size: '1', page: '1', sort: 'id,asc' });
    expect(paged.totalElements).toBe(3);
    expect(idsOf(paged.content)).toEqual([[inAgency.id, inProject.id, inBoth.id].sort((a, b) => a - b)[1]]);
    const named = await search({ roles: `${roleA},${roleB}`, filters: JSON.stringify({ uid: inBoth.uid }) });
    expect(named.content).toEqual([
      {
        id: inBoth.id,
        uid: inBoth.uid,
        name: `Test ${inBoth.uid}`,
        mail: `${inBoth.uid}@isf.example`,
        roleName: expect.any(String),
      },
    ]);

    const all = await call(admin, {
      method: 'GET',
      url: `${BASE}/fetch-users-without-page`,
      query: { roles: `${roleA},${roleB}`, projects: '2,3' },
    });
    expect(idsOf(all.json()).sort()).toEqual([inProject.id, inBoth.id].sort());
  });

  it('refuses criteria that are not comma-separated ids', async () => {
    const queries: Record<string, string>[] = [{ roles: 'abc' }, { agencies: '1,-2' }, { projects: '1;2' }];
    for (const query of queries) {
      const response = await call(admin, { method: 'GET', url: `${BASE}/fetch-users`, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().detail).toMatch(/attend des identifiants séparés par des virgules/);
      const unpaged = await call(admin, { method: 'GET', url: `${BASE}/fetch-users-without-page`, query });
      expect(unpaged.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('popups shown to a user', () => {
  it('lists the active popups aimed at the user and not closed, oldest first, and records read and close', async () => {
    const reader = await someone();
    const other = await someone();
    const first = await createPopup({ title: 'Première', content: 'Un' });
    const second = await createPopup({ title: 'Deuxième', content: 'Deux' });
    const inactive = await createPopup({ title: 'Inactive', active: false });
    const elsewhere = await createPopup({ title: 'Pour un autre' });
    await target(second, [reader.userId]);
    await target(first, [reader.userId, other.userId]);
    await target(inactive, [reader.userId]);
    await target(elsewhere, [other.userId]);

    const me = async () => (await call(reader.token, { method: 'GET', url: `${BASE}/me` })).json();
    expect(await me()).toEqual([
      { id: first, title: 'Première', content: 'Un', readedAt: null },
      { id: second, title: 'Deuxième', content: 'Deux', readedAt: null },
    ]);

    const read = await call(reader.token, { method: 'POST', url: `${BASE}/${first}/read` });
    expect(read.statusCode, read.body).toBe(200);
    const { readedAt } = read.json<{ readedAt: string; closedAt: null }>();
    expect(readedAt).toEqual(expect.any(String));
    expect(read.json().closedAt).toBeNull();
    expect((await me())[0]).toMatchObject({ id: first, readedAt });
    // a second showing keeps the first time
    expect((await call(reader.token, { method: 'POST', url: `${BASE}/${first}/read` })).json().readedAt).toBe(readedAt);

    const closed = await call(reader.token, { method: 'POST', url: `${BASE}/${first}/close` });
    expect(closed.json()).toMatchObject({ success: true, readedAt, closedAt: expect.any(String) });
    expect(idsOf(await me())).toEqual([second]);
    const closedAgain = await call(reader.token, { method: 'POST', url: `${BASE}/${first}/close` });
    expect(closedAgain.json().closedAt).toBe(closed.json().closedAt);

    // closing without a recorded showing marks it read as well
    const direct = await call(reader.token, { method: 'POST', url: `${BASE}/${second}/close` });
    expect(direct.json()).toMatchObject({ readedAt: expect.any(String), closedAt: expect.any(String) });
    expect(await me()).toEqual([]);

    // the other user's row is untouched, and a popup that does not target the caller is not theirs to mark
    const [otherRow] = await testApp.db
      .select()
      .from(popupUsers)
      .where(eq(popupUsers.userId, other.userId))
      .orderBy(popupUsers.popupId);
    expect(otherRow).toMatchObject({ popupId: first, readedAt: null, closedAt: null });
    for (const action of ['read', 'close']) {
      const refused = await call(reader.token, { method: 'POST', url: `${BASE}/${elsewhere}/${action}` });
      expect(refused.statusCode).toBe(404);
    }
    expect(await countRows(testApp.db, popupUsers, eq(popupUsers.popupId, elsewhere))).toBe(1);
    const [elsewhereRow] = await testApp.db.select().from(popupUsers).where(eq(popupUsers.popupId, elsewhere));
    expect(elsewhereRow).toMatchObject({ readedAt: null, closedAt: null });
  });

  it('stops showing a popup once it is deactivated, and shows it again when reactivated until closed', async () => {
    const reader = await someone();
    const id = await createPopup({ title: 'Temporaire' });
    await target(id, [reader.userId]);
    const me = async () => idsOf((await call(reader.token, { method: 'GET', url: `${BASE}/me` })).json());
    expect(await me()).toEqual([id]);
    const popup = (await call(admin, { method: 'GET', url: `${BASE}/${id}` })).json();
    await call(admin, { method: 'PUT', url: `${BASE}/${id}`, payload: { ...popup, active: false } });
    expect(await me()).toEqual([]);
    await call(admin, { method: 'PUT', url: `${BASE}/${id}`, payload: { ...popup, active: true, version: 2 } });
    expect(await me()).toEqual([id]);
  });

  it('reports per targeted user when the popup was read and closed, paged', async () => {
    const reader = await someone();
    const idle = await someone();
    const id = await createPopup();
    await target(id, [reader.userId, idle.userId]);
    await call(reader.token, { method: 'POST', url: `${BASE}/${id}/close` });
    const report = await call(admin, {
      method: 'GET',
      url: `${BASE}/${id}/notifications`,
      query: { sort: 'userId,asc', size: '1' },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      totalElements: 2,
      content: [{ userId: reader.userId, uid: reader.uid, readedAt: expect.anything(), closedAt: expect.anything() }],
    });
    const unread = await call(admin, {
      method: 'GET',
      url: `${BASE}/${id}/notifications`,
      query: { filters: JSON.stringify({ readedAt: 'null' }) },
    });
    expect(unread.json().content).toEqual([expect.objectContaining({ userId: idle.userId, readedAt: null, closedAt: null })]);
    expect((await call(admin, { method: 'GET', url: `${BASE}/999999/notifications` })).statusCode).toBe(404);
  });
});

describe('popup rights', () => {
  it('keeps management to the popup rights while any signed-in user reads and closes their own popups', async () => {
    const lecteur = await login(testApp.app, 'lecteur', 'lecteur');
    const id = await createPopup();
    await target(id, [await userIdOf(testApp.db, 'lecteur')]);
    const management: Call[] = [
      { method: 'GET', url: `${BASE}/all` },
      { method: 'GET', url: `${BASE}/${id}` },
      { method: 'POST', url: BASE, payload: { title: 'Interdit' } },
      { method: 'PUT', url: `${BASE}/${id}`, payload: { title: 'Interdit', version: 1 } },
      { method: 'DELETE', url: `${BASE}/${id}` },
      { method: 'GET', url: `${BASE}/${id}/users` },
      { method: 'POST', url: `${BASE}/${id}/users/add`, payload: [1] },
      { method: 'POST', url: `${BASE}/${id}/users/delete`, payload: [1] },
      { method: 'GET', url: `${BASE}/${id}/notifications` },
      { method: 'GET', url: `${BASE}/fetch-users` },
      { method: 'GET', url: `${BASE}/fetch-users-without-page` },
    ];
    for (const request of management) {
      expect((await call(lecteur, request)).statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    expect((await call(admin, { method: 'GET', url: `${BASE}/${id}` })).json()).toMatchObject({ title: 'Annonce', version: 1 });
    expect(idsOf((await call(lecteur, { method: 'GET', url: `${BASE}/me` })).json())).toContain(id);
    expect((await call(lecteur, { method: 'POST', url: `${BASE}/${id}/close` })).statusCode).toBe(200);

    const reader = await actingAs(testApp, { read: ['popup'] });
    expect((await call(reader.token, { method: 'GET', url: `${BASE}/${id}/users` })).statusCode).toBe(200);
    expect((await call(reader.token, { method: 'POST', url: `${BASE}/${id}/users/add`, payload: [1] })).statusCode).toBe(403);
    expect((await inject(testApp.app, { method: 'GET', url: `${BASE}/me` })).statusCode).toBe(401);
  });

  it('ignores inactive users in the search but keeps them in the targets', async () => {
    const id = await createPopup();
    const roleId = await createTestRole(testApp.db);
    const gone = await createTestUser(testApp.db, { roleId });
    await target(id, [gone.id]);
    await testApp.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    const search = await call(admin, {
      method: 'GET',
      url: `${BASE}/fetch-users-without-page`,
      query: { roles: String(roleId) },
    });
    expect(search.json()).toEqual([]);
    expect(idsOf((await call(admin, { method: 'GET', url: `${BASE}/${id}/users` })).json())).toEqual([gone.id]);
  });
});
