import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, companies, roles } from '../src/db/schema/index.js';
import { actingAs, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { createMarket } from './markets-fixtures.js';

/** What the order screens read besides the orders: the FTTH profile flag and the market's agency warning. */
let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

async function profileOf(token: string): Promise<{ ftth: boolean }> {
  const response = await inject(testApp.app, { method: 'GET', url: '/api/user/profile', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function readRole(id: number): Promise<Record<string, unknown>> {
  const response = await inject(testApp.app, { method: 'GET', url: `/api/role/${id}`, token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function putRole(id: number, changes: Record<string, unknown>) {
  const { id: _id, ...role } = await readRole(id);
  return inject(testApp.app, { method: 'PUT', url: `/api/role/${id}`, token: admin, payload: { ...role, ...changes } });
}

describe('FTTH profile', () => {
  it('says whether the active profile is FTTH: the demo administrator is, the reader is not', async () => {
    expect((await profileOf(admin)).ftth).toBe(true);
    expect((await profileOf(await login(testApp.app, 'lecteur', 'lecteur'))).ftth).toBe(false);
  });

  it('follows the flag of the role, set and cleared on the role', async () => {
    const person = await actingAs(testApp);
    expect((await profileOf(person.token)).ftth).toBe(false);
    expect((await readRole(person.roleId)).ftth).toBe(false);

    const set = await putRole(person.roleId, { ftth: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().record.ftth).toBe(true);
    expect((await profileOf(person.token)).ftth).toBe(true);

    const cleared = await putRole(person.roleId, { ftth: false });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await profileOf(person.token)).ftth).toBe(false);
  });

  it('keeps the flag when an update does not send it, and creates roles without it by default', async () => {
    const person = await actingAs(testApp, { ftth: true });
    const { ftth: _ftth, ...withoutFlag } = await readRole(person.roleId);
    const response = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/role/${person.roleId}`,
      token: admin,
      payload: { ...withoutFlag, description: 'Sans le drapeau' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readRole(person.roleId)).ftth).toBe(true);

    const created = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: { name: uniqueName('Rôle'), description: 'Essai', visibility: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await testApp.db.select({ ftth: roles.ftth }).from(roles).where(eq(roles.id, created.json().id));
    expect(row?.ftth).toBe(false);
  });

  it('refuses a flag that is not a boolean with a 400', async () => {
    const person = await actingAs(testApp);
    const response = await putRole(person.roleId, { ftth: 'peut-être' });
    expect(response.statusCode, response.body).toBe(400);
    expect((await readRole(person.roleId)).ftth).toBe(false);
  });
});

describe('order list', () => {
  it('counts the orders apart from the totals row of their amounts', async () => {
    const response = await inject(testApp.app, {
      method: 'GET',
      url: '/api/orders',
      token: admin,
      query: { page: '0', size: '200', summary: 'true', filter: 'all' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<{ content: { total: string }[]; totalElements: number; summary: { total: string } }>();
    expect(reply.content.length).toBeGreaterThan(1);
    expect(reply.totalElements).toBe(reply.content.length);
    const cents = reply.content.reduce((sum, row) => sum + Math.round(Number(row.total) * 100), 0);
    expect(Math.round(Number(reply.summary.total) * 100)).toBe(cents);
  });
});

describe('market agency warning', () => {
  async function marketOfAgency(state: { synchronize: boolean; documentsCompleted: boolean; status: number }) {
    const [company] = await testApp.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
    const [agency] = await testApp.db
      .insert(agencies)
      .values({ companyId: company?.id ?? 0, name: uniqueName('Agence'), ...state })
      .returning({ id: agencies.id });
    const marketId = await createMarket(testApp.app, testApp.db, admin, { agency: agency?.id });
    const response = await inject(testApp.app, { method: 'GET', url: `/api/market/${marketId}`, token: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ agencyAnomaly: boolean }>().agencyAnomaly;
  }

  it('warns when the synchronised agency has incomplete documents or a status other than 1', async () => {
    expect(await marketOfAgency({ synchronize: true, documentsCompleted: false, status: 1 })).toBe(true);
    expect(await marketOfAgency({ synchronize: true, documentsCompleted: true, status: 2 })).toBe(true);
  });

  it('does not warn for a complete synchronised agency, nor for an agency that is not synchronised', async () => {
    expect(await marketOfAgency({ synchronize: true, documentsCompleted: true, status: 1 })).toBe(false);
    expect(await marketOfAgency({ synchronize: false, documentsCompleted: false, status: 3 })).toBe(false);
  });
});
