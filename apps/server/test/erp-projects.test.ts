import {
  ORACLE_PROJECT_NO_BUSINESS_UNIT_MESSAGE,
  ORACLE_PROJECT_OTHER_BUSINESS_UNIT_MESSAGE,
  ORACLE_PROJECT_SYNC_FAILED_MESSAGE,
  ORACLE_PROJECTS_SYNC_FAILED_MESSAGE,
  ORACLE_PROJECTS_SYNC_STARTED_MESSAGE,
  type OracleProjectSyncSummary,
} from '@isf/contract';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleProjects, oracleTasks, oscarProjects } from '../src/db/schema/erp-projects.js';
import { auditLog, businessUnits, projects } from '../src/db/schema/index.js';
import { ErpError, ErpInvalidResponse } from '../src/integrations/erp/erp.port.js';
import { ORACLE_FAULT_BUSINESS_UNITS, ORACLE_PROJECT_FIXTURES } from '../src/integrations/erp/oracle-fixtures.js';
import { createOracleErpHttpAdapter } from '../src/integrations/erp/oracle-http-adapter.js';
import { buildOracleErpSimulator, type OracleSimulatorSwitches } from '../src/integrations/erp/oracle-simulator.js';
import { newErpProject, newOracleProject, newOscarProject } from './erp-projects-route-examples.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';

let testApp: TestApp;
let admin: string;
const simulators: FastifyInstance[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.close()));
  await testApp?.close();
});

/** A simulator of its own on a free port, recording the offsets asked, and its URL. */
async function startSimulator(switches: OracleSimulatorSwitches = {}) {
  const simulator = buildOracleErpSimulator(switches);
  const offsets: string[] = [];
  simulator.addHook('onRequest', async (request) => {
    offsets.push(new URL(request.url, 'http://simulator').searchParams.get('offset') ?? '');
  });
  simulators.push(simulator);
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  return { url, offsets };
}

const credentials = { username: 'isf', password: 'test' };
const context = () => ({ app: testApp.app, db: testApp.db, admin });
const fixturesOf = (businessUnit: string) => ORACLE_PROJECT_FIXTURES.filter((item) => item.BusinessUnitName === businessUnit);

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object) {
  return inject(testApp.app, { method, url, token, payload });
}

async function businessUnitIdOf(name: string): Promise<number> {
  const [row] = await testApp.db.select({ id: businessUnits.id }).from(businessUnits).where(eq(businessUnits.name, name));
  return Number(row?.id);
}

async function sync(projectId: number, token = admin) {
  const response = await call('POST', `/api/oracle/project/${projectId}/sync`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: boolean; summary: OracleProjectSyncSummary }>().summary;
}

const oracleIdOf = async (number: string) => {
  const [row] = await testApp.db.select({ id: oracleProjects.id }).from(oracleProjects).where(eq(oracleProjects.number, number));
  return Number(row?.id);
};

describe('Oracle HTTP adapter against the simulator', () => {
  it('reads every page of the projects of a business unit, and the tasks of a project', async () => {
    const { url, offsets } = await startSimulator();
    const erp = createOracleErpHttpAdapter({ baseUrl: url, ...credentials, pageSize: 5 });
    const expected = fixturesOf('BU Nouvelle-Aquitaine');
    const found = await erp.listProjects({ businessUnit: 'BU Nouvelle-Aquitaine' });
    expect(offsets).toEqual(['0', '5', '10']);
    expect(found.map((project) => project.number)).toEqual(expected.map((project) => project.ProjectNumber));
    expect(found[0]).toEqual({
      erpProjectId: expected[0]?.ProjectId,
      name: expected[0]?.ProjectName,
      number: expected[0]?.ProjectNumber,
      typeName: 'Déploiement FTTH',
      unitName: 'Unité projets Infrastructures',
      status: 'Actif',
      businessUnitName: 'BU Nouvelle-Aquitaine',
      owningOrganizationName: 'Direction Régionale Sud-Ouest – Gironde',
      legalEntityName: 'ISF Réseaux SAS',
      startDate: expected[0]?.ProjectStartDate,
      endDate: null,
      managerName: expected[0]?.ProjectManagerName,
      description: expected[0]?.ProjectDescription,
    });
    const tasks = await erp.listTasks(Number(expected[0]?.ProjectId));
    expect(tasks.map((task) => task.name)).toEqual([
      'Études et piquetage',
      'Génie civil',
      'Tirage transport',
      'Tirage distribution',
      'Raccordement PM et PBO',
      'Recette et DOE',
    ]);
    expect(offsets.slice(3)).toEqual(['0', '5']);
    expect(await erp.listProjects({ businessUnit: "BU d'ailleurs" })).toEqual([]);
  });

  it('reports the faults of the ERP as ErpError or ErpInvalidResponse', async () => {
    const { url } = await startSimulator();
    const erp = createOracleErpHttpAdapter({ baseUrl: url, ...credentials });
    await expect(erp.listProjects({ businessUnit: ORACLE_FAULT_BUSINESS_UNITS.serverError })).rejects.toThrow(
      new ErpError('Erreur Oracle (500) : JBO-27122: Erreur SQL lors de la préparation d’une instruction.'),
    );
    await expect(erp.listProjects({ businessUnit: ORACLE_FAULT_BUSINESS_UNITS.invalidResponse })).rejects.toBeInstanceOf(
      ErpInvalidResponse,
    );
    await expect(erp.listTasks(42)).rejects.toThrow(/Erreur Oracle \(404\) : Le projet 42 n'existe pas/);
    const anonymous = createOracleErpHttpAdapter({ baseUrl: url });
    await expect(anonymous.listProjects({ businessUnit: 'BU Occitanie' })).rejects.toThrow(
      "Oracle a refusé l'authentification de ISF (401).",
    );
  });

  it('reports an ERP that is down, too slow or unreachable', async () => {
    const down = await startSimulator({ down: true });
    await expect(
      createOracleErpHttpAdapter({ baseUrl: down.url, ...credentials }).listProjects({ businessUnit: 'BU Occitanie' }),
    ).rejects.toThrow('Erreur Oracle (503) : Service Unavailable');
    const slow = await startSimulator({ latencyMs: 300 });
    await expect(
      createOracleErpHttpAdapter({ baseUrl: slow.url, ...credentials, timeoutMs: 50 }).listProjects({
        businessUnit: 'BU Occitanie',
      }),
    ).rejects.toThrow('Oracle ne répond pas. Réessayez plus tard.');
    const closed = buildOracleErpSimulator();
    const closedUrl = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    await expect(createOracleErpHttpAdapter({ baseUrl: closedUrl, ...credentials }).listTasks(1)).rejects.toBeInstanceOf(
      ErpError,
    );
  });
});

describe('Oracle project synchronisation', () => {
  // the demo already holds the Oracle projects of BU Nouvelle-Aquitaine and BU Occitanie (demo-erp-seed.test.ts)
  it("copies the projects and tasks of the project's business unit, then changes nothing the second time", async () => {
    const projectId = await newErpProject(context(), 'BU Île-de-France');
    const expected = fixturesOf('BU Île-de-France');
    const first = await sync(projectId);
    expect(first.businessUnit).toBe('BU Île-de-France');
    expect(first.projects).toEqual({ received: expected.length, created: expected.length, updated: 0, unchanged: 0 });
    expect(first.tasks.created).toBe(first.tasks.received);
    expect(first.tasks.received).toBeGreaterThan(expected.length * 2);
    expect(await countRows(testApp.db, oracleProjects, eq(oracleProjects.businessUnitName, 'BU Île-de-France'))).toBe(
      expected.length,
    );

    const second = await sync(projectId);
    expect(second.projects).toEqual({ received: expected.length, created: 0, updated: 0, unchanged: expected.length });
    expect(second.tasks).toEqual({ received: first.tasks.received, created: 0, updated: 0, unchanged: first.tasks.received });
    expect(
      await countRows(
        testApp.db,
        oracleTasks,
        sql`${oracleTasks.oracleProjectId} IN (SELECT id FROM oracle_projects WHERE business_unit_name = 'BU Île-de-France')`,
      ),
    ).toBe(first.tasks.received);
    const audits = await countRows(
      testApp.db,
      auditLog,
      and(eq(auditLog.entity, 'oracle_project'), eq(auditLog.action, 'sync'), eq(auditLog.entityId, 'BU Île-de-France')),
    );
    expect(audits).toBe(2);
  });

  it('restores what changed locally and keeps the link of an Oracle project to its ISF project', async () => {
    const projectId = await newErpProject(context(), 'BU Occitanie');
    await sync(projectId);
    const number = fixturesOf('BU Occitanie')[2]?.ProjectNumber ?? '';
    const oracleId = await oracleIdOf(number);
    expect((await call('PUT', `/api/project/${projectId}/oracleprojects/${oracleId}`)).statusCode).toBe(200);
    await testApp.db.update(oracleProjects).set({ name: 'Nom modifié hors ERP' }).where(eq(oracleProjects.id, oracleId));
    const summary = await sync(projectId);
    expect(summary.projects).toMatchObject({ created: 0, updated: 1 });
    const [row] = await testApp.db.select().from(oracleProjects).where(eq(oracleProjects.id, oracleId));
    // version 2 came with the link, 3 with the synchronisation
    expect(row).toMatchObject({ name: fixturesOf('BU Occitanie')[2]?.ProjectName, projectId, version: 3 });
  });

  it('refuses a project without requisitioning business unit, and writes nothing when the ERP fails', async () => {
    const without = await newErpProject(context());
    const refused = await call('POST', `/api/oracle/project/${without}/sync`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORACLE_PROJECT_NO_BUSINESS_UNIT_MESSAGE);

    await testApp.db.insert(businessUnits).values(
      Object.values(ORACLE_FAULT_BUSINESS_UNITS).map((name) => ({
        name,
        description: 'Panne simulée',
        invoiceLocation: 'Bordeaux',
        deliveryLocation: 'Bordeaux',
        supplyChainOrganization: 'SCO-ERR',
      })),
    );
    const before = await countRows(testApp.db, oracleProjects);
    for (const businessUnit of Object.values(ORACLE_FAULT_BUSINESS_UNITS)) {
      const failing = await newErpProject(context(), businessUnit);
      const response = await call('POST', `/api/oracle/project/${failing}/sync`);
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().error).toBe(ORACLE_PROJECT_SYNC_FAILED_MESSAGE);
      expect(response.json().detail).toMatch(/Oracle/);
    }
    expect(await countRows(testApp.db, oracleProjects)).toBe(before);
  });

  it('runs as a background task, visible with its events in the task list, failed when the ERP fails', async () => {
    const projectId = await newErpProject(context(), 'BU Île-de-France');
    const summary = await sync(projectId);
    const tasksOf = async () =>
      (
        await call(
          'GET',
          `/api/tasks?sort=id,desc&filters=${encodeURIComponent(JSON.stringify({ objectName: 'project', objectId: String(projectId) }))}`,
        )
      ).json<{ content: { status: string; eventLog: string }[] }>().content;
    const [task] = await tasksOf();
    expect(task?.status).toBe('SUCCESS');
    expect(task?.eventLog).toContain(`BU Île-de-France : ${summary.projects.received} projet(s) reçu(s)`);

    await testApp.db
      .update(projects)
      .set({ businessUnitId: await businessUnitIdOf(ORACLE_FAULT_BUSINESS_UNITS.serverError) })
      .where(eq(projects.id, projectId));
    expect((await call('POST', `/api/oracle/project/${projectId}/sync`)).statusCode).toBe(502);
    const [failed] = await tasksOf();
    expect(failed?.status).toBe('FAILED');
  });

  it('synchronises every requisitioning business unit at once', async () => {
    const failing = await call('POST', '/api/oracle/projects/sync');
    expect(failing.statusCode, failing.body).toBe(502);
    expect(failing.json().error).toBe(ORACLE_PROJECTS_SYNC_FAILED_MESSAGE);
    await testApp.db.update(businessUnits).set({ type: 'procurement' }).where(sql`${businessUnits.name} LIKE 'BU Simulateur%'`);
    const response = await call('POST', '/api/oracle/projects/sync');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; summaries: OracleProjectSyncSummary[] }>();
    expect(body.message).toBe(ORACLE_PROJECTS_SYNC_STARTED_MESSAGE);
    expect(body.summaries.map((summary) => summary.businessUnit).sort()).toEqual(
      ['BU Île-de-France', 'BU Nouvelle-Aquitaine', 'BU Occitanie'].sort(),
    );
    expect(await countRows(testApp.db, oracleProjects, sql`${oracleProjects.erpProjectId} >= 300000012340000`)).toBe(
      ORACLE_PROJECT_FIXTURES.length,
    );
    const list = await call('GET', '/api/oracle/projects?size=200');
    expect(list.json().totalElements).toBeGreaterThanOrEqual(ORACLE_PROJECT_FIXTURES.length);
  });
});

describe("a project's Oracle projects", () => {
  it('attaches an available Oracle project of its business unit, lists it with its tasks, and detaches it', async () => {
    const projectId = await newErpProject(context(), 'BU Nouvelle-Aquitaine');
    await sync(projectId);
    const available = await call('GET', `/api/project/${projectId}/oracleprojects/available?size=200`);
    const rows = available.json<{ content: { id: number; businessUnitName: string; projectId: number | null }[] }>().content;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.businessUnitName === 'BU Nouvelle-Aquitaine' && row.projectId === null)).toBe(true);
    const chosen = rows[0]?.id ?? 0;

    expect((await call('PUT', `/api/project/${projectId}/oracleprojects/${chosen}`)).json()).toEqual({ success: true });
    expect((await call('PUT', `/api/project/${projectId}/oracleprojects/${chosen}`)).statusCode).toBe(200);
    const linked = await call('GET', `/api/project/${projectId}/oracleprojects`);
    expect(linked.json()).toEqual([
      expect.objectContaining({ id: chosen, projectId, businessUnitName: 'BU Nouvelle-Aquitaine' }),
    ]);
    const stillAvailable = await call('GET', `/api/project/${projectId}/oracleprojects/available?size=200`);
    expect(stillAvailable.json().content.map((row: { id: number }) => row.id)).not.toContain(chosen);

    const tasks = await call('GET', `/api/oracle/project/${chosen}/tasks`);
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().length).toBeGreaterThanOrEqual(3);
    expect(tasks.json()[0]).toMatchObject({ oracleProjectId: chosen, number: '1.0' });

    expect((await call('DELETE', `/api/project/${projectId}/oracleprojects/${chosen}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/project/${projectId}/oracleprojects/${chosen}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/project/${projectId}/oracleprojects`)).json()).toEqual([]);
    const audits = await testApp.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'oracle_project'), eq(auditLog.entityId, String(chosen))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.after)).toEqual([{ projectId }, { projectId: null }]);
  });

  it('refuses an Oracle project attached elsewhere or of another business unit', async () => {
    const [first, second] = [
      await newErpProject(context(), 'BU Nouvelle-Aquitaine'),
      await newErpProject(context(), 'BU Nouvelle-Aquitaine'),
    ];
    const oracleId = await newOracleProject(testApp, { businessUnitName: 'BU Nouvelle-Aquitaine' });
    expect((await call('PUT', `/api/project/${first}/oracleprojects/${oracleId}`)).statusCode).toBe(200);
    const taken = await call('PUT', `/api/project/${second}/oracleprojects/${oracleId}`);
    expect(taken.statusCode).toBe(422);
    const [firstProject] = await testApp.db.select({ code: projects.code }).from(projects).where(eq(projects.id, first));
    expect(taken.json().error).toBe(`Ce projet Oracle est déjà rattaché au projet ${firstProject?.code}.`);

    const otherUnit = await newOracleProject(testApp, { businessUnitName: 'BU Occitanie' });
    const refused = await call('PUT', `/api/project/${second}/oracleprojects/${otherUnit}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORACLE_PROJECT_OTHER_BUSINESS_UNIT_MESSAGE);
    const [row] = await testApp.db.select().from(oracleProjects).where(eq(oracleProjects.id, otherUnit));
    expect(row?.projectId).toBeNull();
    // without a business unit, any Oracle project may be attached
    expect((await call('PUT', `/api/project/${await newErpProject(context())}/oracleprojects/${otherUnit}`)).statusCode).toBe(
      200,
    );
  });

  it('needs the rights of the spec and keeps to the visibility scope', async () => {
    const projectId = await newErpProject(context(), 'BU Occitanie');
    const oracleId = await newOracleProject(testApp, { businessUnitName: 'BU Occitanie' });
    const reader = await actingAs(testApp, { read: ['project', 'oracle_project', 'oracle_task'] });
    expect((await call('GET', `/api/project/${projectId}/oracleprojects`, reader.token)).statusCode).toBe(200);
    expect((await call('PUT', `/api/project/${projectId}/oracleprojects/${oracleId}`, reader.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/oracle/project/${projectId}/sync`, reader.token)).statusCode).toBe(403);
    const projectEditor = await actingAs(testApp, { read: ['project'], update: ['project'] });
    expect((await call('PUT', `/api/project/${projectId}/oracleprojects/${oracleId}`, projectEditor.token)).statusCode).toBe(403);
    expect(await countRows(testApp.db, oracleProjects, sql`${oracleProjects.id} = ${oracleId} AND project_id IS NOT NULL`)).toBe(
      0,
    );

    const outsider = await actingAs(testApp, {
      visibility: 2,
      read: ['project', 'oracle_project', 'oracle_task'],
      update: ['project', 'oracle_project'],
    });
    expect((await call('GET', `/api/project/${projectId}/oracleprojects`, outsider.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/project/${projectId}/oracleprojects/${oracleId}`, outsider.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/oracle/project/${projectId}/sync`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/oracle/project/${oracleId}/tasks`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/oracle/projects', outsider.token)).json().totalElements).toBe(0);
  });

  it('answers 400 or 404 to bad ids, never 500', async () => {
    const projectId = await newErpProject(context());
    const cases: [string, string, number][] = [
      ['GET', '/api/project/abc/oracleprojects', 400],
      ['GET', '/api/project/0/oracleprojects/available', 400],
      ['PUT', `/api/project/${projectId}/oracleprojects/abc`, 400],
      ['PUT', `/api/project/${projectId}/oracleprojects/99999999999`, 400],
      ['PUT', `/api/project/${projectId}/oracleprojects/999999`, 404],
      ['PUT', '/api/project/999999/oracleprojects/1', 404],
      ['DELETE', `/api/project/${projectId}/oracleprojects/999999`, 404],
      ['POST', '/api/oracle/project/-1/sync', 400],
      ['POST', '/api/oracle/project/999999/sync', 404],
      ['GET', '/api/oracle/project/1.5/tasks', 400],
      ['GET', '/api/oracle/project/999999/tasks', 404],
      ['GET', `/api/project/${projectId}/oracleprojects/available?sort=nope,asc`, 400],
      ['GET', '/api/oscarsubproject/abc', 400],
      ['GET', '/api/oscarsubproject/999999', 404],
      ['GET', '/api/oscarproject/999999/oscarsubprojects', 404],
      ['POST', `/api/project/${projectId}/oscarproject/999999`, 404],
      ['POST', `/api/project/${projectId}/oscarproject/x`, 400],
      ['DELETE', `/api/project/${projectId}/oscarproject/999999`, 404],
    ];
    for (const [method, url, status] of cases) {
      const response = await call(method as 'GET', url);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    }
  });
});

describe('OSCAR projects and sub-projects', () => {
  it('lists the demo sub-projects with their quantities, as JSON and CSV', async () => {
    const list = await call('GET', '/api/oscarsubprojects?sort=name,asc&size=50');
    expect(list.statusCode).toBe(200);
    const names = list.json().content.map((row: { name: string }) => row.name);
    expect(names).toEqual(expect.arrayContaining(['PM-33063-014', 'PM-31555-101', 'PM-40192-007']));
    const detail = await call('GET', `/api/oscarsubproject/${list.json().content[0].id}`);
    expect(detail.json()).toMatchObject({ projectName: expect.any(String), oscarColumns: expect.any(Object) });
    const subproject = list.json().content.find((row: { name: string }) => row.name === 'PM-33063-014');
    expect((await call('GET', `/api/oscarsubproject/${subproject.id}`)).json()).toMatchObject({
      name: 'PM-33063-014',
      projectName: 'Gironde THD – Phase 2',
      nroName: 'NRO BDX01 Bastide',
      oscarColumns: { 'Prises FTTH': '412', 'PBO à poser': '41' },
    });

    const csv = await inject(testApp.app, { method: 'POST', url: '/api/oscarsubproject/csv', token: admin, payload: {} });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...records] = parse(csv.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(header?.slice(0, 3)).toEqual(['ID', 'Projet OSCAR', 'Nom']);
    expect(records.length).toBe(list.json().totalElements);
  });

  it('attaches an available OSCAR project to a project, lists its sub-projects, and detaches it', async () => {
    const projectId = await newErpProject(context());
    const available = await call('GET', '/api/oscarprojects/available?size=200');
    const names = available.json().content.map((row: { name: string }) => row.name);
    expect(names).toContain('Gironde THD – Phase 2');
    expect(names).not.toContain('Haute-Garonne Fibre – Lot Sud');
    const oscar = await newOscarProject(testApp);

    expect((await call('POST', `/api/project/${projectId}/oscarproject/${oscar.id}`)).json()).toEqual({ success: true });
    const subprojects = await call('GET', `/api/project/${projectId}/oscarsubprojects`);
    expect(
      subprojects
        .json()
        .map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([...oscar.subprojectIds].sort());
    const mine = await call('GET', '/api/oscarprojects', admin);
    expect(mine.statusCode).toBe(200);
    const filtered = await inject(testApp.app, {
      method: 'GET',
      url: '/api/oscarprojects',
      token: admin,
      query: { filters: JSON.stringify({ projectId: String(projectId) }) },
    });
    expect(filtered.json().content).toEqual([expect.objectContaining({ id: oscar.id, subprojectCount: 2, projectId })]);
    expect((await call('GET', `/api/oscarproject/${oscar.id}/oscarsubprojects`)).json()).toHaveLength(2);

    const other = await newErpProject(context());
    const taken = await call('POST', `/api/project/${other}/oscarproject/${oscar.id}`);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error).toMatch(/^Ce projet OSCAR est déjà rattaché au projet /);

    expect((await call('DELETE', `/api/project/${projectId}/oscarproject/${oscar.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/project/${projectId}/oscarsubprojects`)).json()).toEqual([]);
    const [row] = await testApp.db.select().from(oscarProjects).where(eq(oscarProjects.id, oscar.id));
    expect(row?.projectId).toBeNull();
  });

  it('reads with the project read right, attaches with the project update right, within the scope', async () => {
    const projectId = await newErpProject(context());
    const oscar = await newOscarProject(testApp);
    const reader = await actingAs(testApp, { read: ['project'] });
    expect((await call('GET', `/api/project/${projectId}/oscarsubprojects`, reader.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/project/${projectId}/oscarproject/${oscar.id}`, reader.token)).statusCode).toBe(403);
    const outsider = await actingAs(testApp, { visibility: 2, read: ['project'], update: ['project'] });
    expect((await call('POST', `/api/project/${projectId}/oscarproject/${oscar.id}`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/oscarsubproject/${oscar.subprojectIds[0]}`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/oscarsubprojects', outsider.token)).json().totalElements).toBe(0);
    const none = await actingAs(testApp, {});
    expect((await call('GET', '/api/oscarsubprojects', none.token)).statusCode).toBe(403);
  });
});
