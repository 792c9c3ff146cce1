import { GENERATION_DAY_MESSAGE } from '@isf/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imputations, projects, userProjects } from '../src/db/schema/index.js';
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

async function createProject(overrides: Record<string, unknown> = {}) {
  const response = await inject(testApp.app, {
    method: 'POST',
    url: '/api/project',
    token: admin,
    payload: { name: 'Projet test', code: uniqueName('PRJ'), ...overrides },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

describe('project information', () => {
  it('creates a project with its type, manager, business unit and generation day, and edits it', async () => {
    const managerId = await userIdOf(testApp.db, 'cdp');
    const id = await createProject({
      typeId: 1,
      managerId,
      businessUnitId: 1,
      msGenerationDate: '5',
      paymentGuarantee: true,
      shareFiles: true,
    });
    const read = await inject(testApp.app, { method: 'GET', url: `/api/project/${id}`, token: admin });
    expect(read.json()).toMatchObject({
      msGenerationDate: '05',
      managerName: 'Camille Chef de projet',
      typeName: 'FTTH',
      paymentGuarantee: true,
      shareFiles: true,
    });
    const update = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/project/${id}`,
      token: admin,
      payload: { ...read.json<object>(), msGenerationDate: '', name: 'Renommé' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().record).toMatchObject({ name: 'Renommé', msGenerationDate: null, version: 2 });
  });

  it('requires a name and a code of 3 to 100 characters, a generation day empty or 01-28, and known references', async () => {
    const before = await countRows(testApp.db, projects);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', code: uniqueName('P') }, 'name'],
      [{ name: 'x', code: 'AB' }, 'code'],
      [{ name: 'x', code: 'A'.repeat(101) }, 'code'],
      [{ name: 'x', code: uniqueName('P'), msGenerationDate: '29' }, 'msGenerationDate'],
      [{ name: 'x', code: uniqueName('P'), msGenerationDate: '00' }, 'msGenerationDate'],
      [{ name: 'x', code: uniqueName('P'), typeId: 99_999 }, 'typeId'],
      [{ name: 'x', code: 'P01-BOR-1' }, 'code'],
    ];
    for (const [payload, field] of cases) {
      const response = await inject(testApp.app, { method: 'POST', url: '/api/project', token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field !== 'code' || payload.code !== 'P01-BOR-1') {
        expect(Object.keys(response.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
      }
    }
    const day = await inject(testApp.app, {
      method: 'POST',
      url: '/api/project',
      token: admin,
      payload: { name: 'x', code: uniqueName('P'), msGenerationDate: '31' },
    });
    expect(day.json().fields.msGenerationDate).toBe(GENERATION_DAY_MESSAGE);
    expect(await countRows(testApp.db, projects)).toBe(before);
  });

  it('hides a project outside the scope of a visibility-2 user', async () => {
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const outside = await createProject();
    expect((await inject(testApp.app, { method: 'GET', url: `/api/project/${outside}`, token: cdp })).statusCode).toBe(404);
    expect((await inject(testApp.app, { method: 'GET', url: '/api/project/1', token: cdp })).statusCode).toBe(200);
  });
});

describe('project list counts', () => {
  it('counts right with a filter on a joined column and without one', async () => {
    const byType = await inject(testApp.app, {
      method: 'GET',
      url: '/api/projects',
      query: { filters: '{"typeName":"ftth"}', size: '200' },
      token: admin,
    });
    expect(byType.statusCode, byType.body).toBe(200);
    expect(byType.json().totalElements).toBe(byType.json().content.length);
    expect(byType.json().content.every((project: { typeName: string }) => project.typeName === 'FTTH')).toBe(true);
    const all = await inject(testApp.app, { method: 'GET', url: '/api/projects', query: { size: '1' }, token: admin });
    expect(all.json().totalElements).toBeGreaterThan(byType.json().totalElements);
  });
});

describe('project users', () => {
  it('adds and removes users, and exports them as CSV', async () => {
    const id = await createProject();
    const member = await actingAs(testApp, { visibility: 2, read: ['project'] });
    const add = await inject(testApp.app, { method: 'POST', url: `/api/project/${id}/user/${member.userId}`, token: admin });
    expect(add.statusCode, add.body).toBe(200);
    const list = await inject(testApp.app, { method: 'GET', url: `/api/project/${id}/users`, token: admin });
    expect(list.json().map((user: { id: number }) => user.id)).toEqual([member.userId]);
    const seen = await inject(testApp.app, { method: 'GET', url: `/api/project/${id}`, token: member.token });
    expect(seen.statusCode).toBe(200);
    const csv = await inject(testApp.app, { method: 'POST', url: `/api/project/${id}/users/csv`, token: admin });
    const rows = parse(csv.body, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Identifiant)).toEqual([member.uid]);
    const remove = await inject(testApp.app, { method: 'DELETE', url: `/api/project/${id}/user/${member.userId}`, token: admin });
    expect(remove.statusCode).toBe(200);
    expect(await countRows(testApp.db, userProjects, eq(userProjects.projectId, id))).toBe(0);
  });
});

describe('imputations', () => {
  it('creates, lists with counters, updates and deletes an imputation', async () => {
    const code = uniqueName('IMP');
    const id = await createProject({ code });
    const create = await inject(testApp.app, {
      method: 'POST',
      url: '/api/imputation/create',
      token: admin,
      payload: { projectId: id, eotp: `${code}-01`, description: 'Lot 1' },
    });
    expect(create.statusCode, create.body).toBe(200);
    const list = await inject(testApp.app, { method: 'GET', url: `/api/project/${id}/imputations`, token: admin });
    expect(list.json()[0]).toMatchObject({
      eotp: `${code}-01`,
      active: true,
      nbOsValidatedOrClosed: 0,
      totalAttachementPayed: '0.00',
    });
    const update = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/imputation/${create.json().id}`,
      token: admin,
      payload: { eotp: `${code}-02`, description: 'Lot 2', active: false, version: 1 },
    });
    expect(update.json().record).toMatchObject({ eotp: `${code}-02`, active: false });
    const bulk = await inject(testApp.app, {
      method: 'PUT',
      url: '/api/imputations',
      token: admin,
      payload: [{ id: create.json().id, eotp: `${code}-03`, active: true, version: 2 }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const remove = await inject(testApp.app, {
      method: 'DELETE',
      url: `/api/imputation/${create.json().id}/delete`,
      token: admin,
    });
    expect(remove.statusCode).toBe(200);
    expect(await countRows(testApp.db, imputations, eq(imputations.projectId, id))).toBe(0);
  });

  it('requires an eotp longer than the project code', async () => {
    const code = uniqueName('LONG');
    const id = await createProject({ code });
    const before = await countRows(testApp.db, imputations);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/imputation/create',
      token: admin,
      payload: { projectId: id, eotp: code },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.eotp).toContain(`${code.length + 1} caractères`);
    expect(await countRows(testApp.db, imputations)).toBe(before);
  });
});
