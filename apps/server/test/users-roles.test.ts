import { readFileSync } from 'node:fs';
import { PERIMETER_CHANGED_MESSAGE, ROLE_NAME_TAKEN_MESSAGE, USER_NOT_EDITABLE_MESSAGE } from '@isf/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, userProjects, users } from '../src/db/schema/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, uniqueName, userIdOf } from './helper.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

async function roleIdByName(name: string): Promise<number> {
  const [row] = await testApp.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) {
    throw new Error(`no role ${name}`);
  }
  return row.id;
}

async function createUser(payload: Record<string, unknown>, token = admin) {
  return inject(testApp.app, { method: 'POST', url: '/api/user/create', token, payload });
}

describe('roles', () => {
  it('creates a role with rights, menus and options, and reads it back', async () => {
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: {
        name: uniqueName('Rôle'),
        description: 'Essai',
        visibility: 2,
        read: ['unit'],
        create: ['unit'],
        menus: [1],
        options: ['users.can_delegate'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const role = await inject(testApp.app, { method: 'GET', url: `/api/role/${response.json().id}`, token: admin });
    expect(role.json()).toMatchObject({
      visibility: 2,
      read: ['unit'],
      create: ['unit'],
      update: [],
      menus: [1],
      options: ['users.can_delegate'],
      version: 1,
    });
  });

  it('requires name and description and refuses unknown entities, options and visibilities', async () => {
    const before = await countRows(testApp.db, roles);
    for (const payload of [
      { name: ' ', description: 'x', visibility: 1 },
      { name: 'x', description: '', visibility: 1 },
      { name: 'x', description: 'x', visibility: 5 },
      { name: 'x', description: 'x', visibility: 1, read: ['spaceship'] },
      { name: 'x', description: 'x', visibility: 1, options: ['users.fly'] },
    ]) {
      const response = await inject(testApp.app, { method: 'POST', url: '/api/role', token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countRows(testApp.db, roles)).toBe(before);
  });

  it('refuses a second role of one name, case, accents and spaces aside, on creation and on renaming', async () => {
    const name = uniqueName('Rôle Chantier');
    const create = (payload: Record<string, unknown>) =>
      inject(testApp.app, { method: 'POST', url: '/api/role', token: admin, payload });
    const first = await create({ name, description: 'a', visibility: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const before = await countRows(testApp.db, roles);
    const again = await create({ name: `  ${name.toUpperCase().replace(' ', '   ')} `, description: 'b', visibility: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: ROLE_NAME_TAKEN_MESSAGE, fields: { name: ROLE_NAME_TAKEN_MESSAGE } });
    expect(await countRows(testApp.db, roles)).toBe(before);
    for (const variant of [name.replace('ô', 'o'), name.toUpperCase().replace('Ô', 'O'), name.replace('Rô', 'RÔ')]) {
      const accentAside = await create({ name: variant, description: 'b', visibility: 1 });
      expect(accentAside.statusCode, variant).toBe(400);
      expect(accentAside.json().fields).toEqual({ name: ROLE_NAME_TAKEN_MESSAGE });
    }
    expect(await countRows(testApp.db, roles)).toBe(before);

    const other = await create({ name: uniqueName('Autre rôle'), description: 'c', visibility: 1 });
    const rename = (id: number, newName: string) =>
      inject(testApp.app, {
        method: 'PUT',
        url: `/api/role/${id}`,
        token: admin,
        payload: { name: newName, description: 'c', visibility: 1, version: 1 },
      });
    const clash = await rename(other.json().id, name.toLowerCase());
    expect(clash.statusCode).toBe(400);
    expect(clash.json().detail).toBe(ROLE_NAME_TAKEN_MESSAGE);
    // a role keeps its own name in another case
    expect((await rename(first.json().id, name.toUpperCase())).statusCode).toBe(200);
    // the unique index holds even when the check is bypassed (two creations at once)
    await expect(testApp.db.insert(roles).values({ name: ` ${name.toLowerCase()}` })).rejects.toThrow();
    await expect(testApp.db.insert(roles).values({ name: name.toUpperCase().replace('Ô', 'O') })).rejects.toThrow();
  });

  it('migration 0049 renames a role that differed from an older one by its accents alone, then indexes the fold', async () => {
    // the index before 0049: case and spacing aside only
    await testApp.db.execute(sql`DROP INDEX roles_name_unique`);
    await testApp.db.execute(
      sql`CREATE UNIQUE INDEX roles_name_unique ON roles (lower(regexp_replace(btrim(name), '[[:space:]]+', ' ', 'g')))`,
    );
    const name = uniqueName('Chargé d’études');
    const plain = name.replace('é', 'e');
    const [older] = await testApp.db.insert(roles).values({ name }).returning({ id: roles.id });
    const [clash] = await testApp.db.insert(roles).values({ name: plain }).returning({ id: roles.id });
    const migration = readFileSync(new URL('../src/db/migrations/0049_unaccented_role_names.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await testApp.db.execute(sql.raw(statement));
    }
    const stored = await testApp.db
      .select({ id: roles.id, name: roles.name, version: roles.version })
      .from(roles)
      .where(inArray(roles.id, [older?.id ?? 0, clash?.id ?? 0]))
      .orderBy(roles.id);
    expect(stored).toEqual([
      { id: older?.id, name, version: 1 },
      { id: clash?.id, name: `${plain} (${clash?.id})`, version: 2 },
    ]);
    await expect(testApp.db.insert(roles).values({ name: plain })).rejects.toThrow();
  });

  it('refuses a parent role that makes a loop', async () => {
    const parent = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: { name: uniqueName('A'), description: 'a', visibility: 1 },
    });
    const parentId = parent.json().id as number;
    const child = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: { name: uniqueName('B'), description: 'b', visibility: 1, parentRoleId: parentId },
    });
    const response = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/role/${parentId}`,
      token: admin,
      payload: { name: 'A', description: 'a', visibility: 1, parentRoleId: child.json().id, version: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.parentRoleId).toBeDefined();
  });

  it('applies changed object rights to the users of the role at their next request', async () => {
    const person = await actingAs(testApp, { read: ['unit'] });
    expect((await inject(testApp.app, { method: 'GET', url: '/api/projects', token: person.token })).statusCode).toBe(403);
    const role = await inject(testApp.app, { method: 'GET', url: `/api/role/${person.roleId}`, token: admin });
    const update = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/role/${person.roleId}`,
      token: admin,
      payload: { ...role.json<object>(), read: ['unit', 'project'] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await inject(testApp.app, { method: 'GET', url: '/api/projects', token: person.token })).statusCode).toBe(200);
  });

  it('refuses a stale role edit with 409', async () => {
    const role = await inject(testApp.app, { method: 'GET', url: `/api/role/${await roleIdByName('Acheteur')}`, token: admin });
    const response = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/role/${role.json().id}`,
      token: admin,
      payload: { ...role.json<object>(), version: role.json().version + 5 },
    });
    expect(response.statusCode).toBe(409);
  });

  it('lists roles and the users of a role', async () => {
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/roles',
      query: { filters: '{"name":"acheteur"}' },
      token: admin,
    });
    expect(list.json().content[0]).toMatchObject({ name: 'Acheteur', parentRoleName: 'Administrateur' });
    const members = await inject(testApp.app, {
      method: 'GET',
      url: `/api/users/role/${await roleIdByName('Acheteur')}`,
      token: admin,
    });
    expect(members.json().map((user: { uid: string }) => user.uid)).toContain('cdp.acheteur');
  });
});

describe('users', () => {
  it('creates a user by common name with role and authorization amount, who can then log in', async () => {
    const cn = uniqueName('jdupont');
    const response = await createUser({
      cn,
      name: 'Jeanne Dupont',
      mail: 'jeanne@test.example',
      role: await roleIdByName('Acheteur'),
      engagement: '15000,50',
      password: 'une phrase de passe solide',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await inject(testApp.app, { method: 'GET', url: `/api/user/${response.json().id}`, token: admin });
    expect(detail.json()).toMatchObject({
      uid: cn,
      cn,
      name: 'Jeanne Dupont',
      engagement: '15000.50',
      role: { name: 'Acheteur' },
      active: true,
    });
    await login(testApp.app, cn, 'une phrase de passe solide');
  });

  it('requires the common name, the role and a valid authorization amount, writing nothing otherwise', async () => {
    const before = await countRows(testApp.db, users);
    const role = await roleIdByName('Acheteur');
    for (const payload of [
      { cn: '', role, engagement: '10' },
      { cn: uniqueName('x'), engagement: '10' },
      { cn: uniqueName('x'), role, engagement: 'beaucoup' },
      { cn: uniqueName('x'), role, engagement: '-5' },
      { cn: 'admin', role, engagement: '10' },
    ]) {
      const response = await createUser(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countRows(testApp.db, users)).toBe(before);
  });

  it('says the exact text for an unknown user', async () => {
    const response = await inject(testApp.app, { method: 'GET', url: '/api/user/999999', token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Cet utilisateur n'existe pas ou ne peut pas être affiché.");
  });

  it('warns that a profile cannot log in when its visibility lacks a project, a manager or an agency', async () => {
    const two = await actingAs(testApp, { visibility: 2 });
    const three = await actingAs(testApp, { visibility: 3 });
    const four = await actingAs(testApp, { visibility: 4 });
    const warnings = async (id: number) =>
      (await inject(testApp.app, { method: 'GET', url: `/api/user/${id}`, token: admin })).json().warnings;
    expect(await warnings(two.userId)).toEqual(['no-project']);
    expect(await warnings(three.userId)).toEqual(['no-manager']);
    expect(await warnings(four.userId)).toEqual(['no-project-or-agency']);
    expect(await warnings(await userIdOf(testApp.db, 'admin'))).toEqual([]);
  });

  it('lets a user edit another only when that user role is not above his own', async () => {
    const projectManagerRole = await roleIdByName('Chef de projet');
    const editor = await actingAs(testApp, { update: ['user'], read: ['user'], parentRoleId: projectManagerRole });
    const adminId = await userIdOf(testApp.db, 'admin');
    const adminDetail = await inject(testApp.app, { method: 'GET', url: `/api/user/${adminId}`, token: editor.token });
    expect(adminDetail.json().editable).toBe(false);
    const refused = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/user/${adminId}`,
      token: editor.token,
      payload: {
        name: 'Pirate',
        mail: 'p@test.example',
        role: adminDetail.json().role.id,
        engagement: '1',
        version: adminDetail.json().version,
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(USER_NOT_EDITABLE_MESSAGE);
    const peer = await actingAs(testApp, {});
    const peerDetail = await inject(testApp.app, { method: 'GET', url: `/api/user/${peer.userId}`, token: editor.token });
    expect(peerDetail.json().editable).toBe(true);
    const accepted = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/user/${peer.userId}`,
      token: editor.token,
      payload: {
        name: 'Nouveau nom',
        mail: 'n@test.example',
        role: peer.roleId,
        engagement: '2500',
        version: peerDetail.json().version,
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().record).toMatchObject({ name: 'Nouveau nom', engagement: '2500.00' });
  });

  it('deactivates and reactivates a user, who cannot log in meanwhile', async () => {
    const cn = uniqueName('temp');
    const created = await createUser({
      cn,
      role: await roleIdByName('Acheteur'),
      engagement: '0',
      password: 'une phrase de passe solide',
    });
    const id = created.json().id as number;
    await inject(testApp.app, { method: 'DELETE', url: `/api/user/${id}/delete`, token: admin });
    const refused = await inject(testApp.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: cn, password: 'une phrase de passe solide' },
    });
    expect(refused.statusCode).toBe(403);
    await inject(testApp.app, { method: 'POST', url: `/api/user/${id}/reactivate`, token: admin });
    await login(testApp.app, cn, 'une phrase de passe solide');
    const actions = await testApp.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'deactivate', 'reactivate']));
  });

  it('adds a secondary profile by role, then the person can switch to it', async () => {
    const cn = uniqueName('multi');
    const created = await createUser({
      cn,
      role: await roleIdByName('Acheteur'),
      engagement: '0',
      password: 'une phrase de passe solide',
    });
    const id = created.json().id as number;
    const readerRole = await roleIdByName('Consultation référentiel');
    const profile = await inject(testApp.app, { method: 'POST', url: `/api/user/${id}/profile/${readerRole}`, token: admin });
    expect(profile.statusCode, profile.body).toBe(200);
    const again = await inject(testApp.app, { method: 'POST', url: `/api/user/${id}/profile/${readerRole}`, token: admin });
    expect(again.statusCode).toBe(400);
    const detail = await inject(testApp.app, { method: 'GET', url: `/api/user/${id}`, token: admin });
    const child = detail.json().children[0];
    expect(child).toMatchObject({ roleName: 'Consultation référentiel', active: true });
    const token = await login(testApp.app, cn, 'une phrase de passe solide');
    const switched = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/change-profile',
      token,
      payload: { username: child.uid },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await inject(testApp.app, { method: 'DELETE', url: `/api/user/${child.id}/delete`, token: admin });
    const reactivated = await inject(testApp.app, { method: 'POST', url: `/api/user/${id}/profile/${readerRole}`, token: admin });
    expect(reactivated.json().id).toBe(child.id);
  });

  it('transfers the perimeter of a user to another', async () => {
    const cdp = await userIdOf(testApp.db, 'cdp');
    const successor = await actingAs(testApp, { visibility: 2, read: ['project'] });
    const response = await inject(testApp.app, {
      method: 'POST',
      url: `/api/user/${cdp}/perimeter/${successor.userId}`,
      token: admin,
    });
    expect(response.json()).toEqual({ success: true, message: PERIMETER_CHANGED_MESSAGE });
    expect(await countRows(testApp.db, userProjects, eq(userProjects.userId, successor.userId))).toBe(6);
    const projects = await inject(testApp.app, { method: 'GET', url: '/api/projects', token: successor.token });
    expect(projects.json().totalElements).toBe(6);
  });

  it('lists users with filters and exports them', async () => {
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/users',
      query: { filters: '{"uid":"cdp"}', sort: 'uid,asc' },
      token: admin,
    });
    expect(list.json().content.map((user: { uid: string }) => user.uid)).toEqual(['cdp', 'cdp.acheteur']);
    const csv = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/csv',
      token: admin,
      payload: { filters: '{"uid":"cdp"}' },
    });
    expect(csv.body).toContain('Identifiant;Nom;E-mail;Rôle');
  });
});
