import {
  ERP_USER_NO_MAIL_MESSAGE,
  ERP_USER_RENAME_FAILED_MESSAGE,
  type ErpUserRenameReply,
  erpUserAmbiguousMessage,
  erpUserNotFoundMessage,
} from '@isf/contract';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oracleConfigurations, projects, users } from '../src/db/schema/index.js';
import { ErpError } from '../src/integrations/erp/erp.port.js';
import { createOracleErpHttpAdapter } from '../src/integrations/erp/oracle-http-adapter.js';
import { buildOracleErpSimulator, type OracleSimulatorSwitches } from '../src/integrations/erp/oracle-simulator.js';
import { ORACLE_FAULT_WORKER_MAILS } from '../src/integrations/erp/oracle-worker-fixtures.js';
import { ORACLE_CONFIGURATION_SEEDS } from '../src/seed/oracle-configurations-seed.js';
import { actingAs, countRows, createTestApp, createTestUser, inject, login, type TestApp, userIdOf } from './helper.js';

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

async function startSimulator(switches: OracleSimulatorSwitches = {}): Promise<string> {
  const simulator = buildOracleErpSimulator(switches);
  simulators.push(simulator);
  return simulator.listen({ port: 0, host: '127.0.0.1' });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token = admin, payload?: object, query?: Record<string, string>) {
  return inject(testApp.app, { method, url, token, payload, query });
}

async function configurationId(code: string): Promise<number> {
  const [row] = await testApp.db
    .select({ id: oracleConfigurations.id })
    .from(oracleConfigurations)
    .where(eq(oracleConfigurations.code, code));
  return Number(row?.id);
}

async function stored(id: number) {
  const [row] = await testApp.db.select().from(oracleConfigurations).where(eq(oracleConfigurations.id, id));
  return row;
}

const itemUrl = (id: number) => `/api/oracle/configuration/${id}`;

describe('Oracle configuration list', () => {
  it('lists the seeded settings with code, name, description and value, sorted by id', async () => {
    const response = await call('GET', '/api/oracle/configurations', admin, undefined, { size: '50' });
    expect(response.statusCode, response.body).toBe(200);
    const { content, totalElements } = response.json<{ content: Record<string, unknown>[]; totalElements: number }>();
    expect(totalElements).toBe(ORACLE_CONFIGURATION_SEEDS.length);
    expect(content.map((row) => row.code)).toEqual(ORACLE_CONFIGURATION_SEEDS.map((seed) => seed.code));
    expect(content.find((row) => row.code === 'PO_CURRENCY_CODE')).toMatchObject({
      name: 'Devise des commandes',
      value: 'EUR',
      description: expect.stringContaining('ISO 4217'),
    });
  });

  it('filters by column and exports the same query as CSV with French headers', async () => {
    const filtered = await call('GET', '/api/oracle/configurations', admin, undefined, {
      filters: JSON.stringify({ code: 'receipt' }),
      sort: 'code,desc',
    });
    expect(filtered.json().content.map((row: { code: string }) => row.code)).toEqual([
      'RECEIPT_ROUTING',
      'RECEIPT_ORGANIZATION_CODE',
    ]);

    const csv = await call('POST', '/api/oracle/configuration/csv', admin, { filters: JSON.stringify({ code: 'RETENTION' }) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...records] = parse(csv.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(header).toEqual(['ID', 'Code', 'Nom', 'Description', 'Valeur']);
    expect(records.map((record) => [record[1], record[4]])).toEqual([
      ['RETENTION_INVOICE_TYPE', 'Standard'],
      ['RETENTION_PAY_GROUP', 'RG_LIBERATION'],
    ]);
  });

  it('needs the read right on oracle_configuration', async () => {
    const reader = await login(testApp.app, 'lecteur', 'lecteur');
    expect((await call('GET', '/api/oracle/configurations', reader)).statusCode).toBe(403);
    expect((await call('GET', itemUrl(await configurationId('PO_BUYER_NAME')), reader)).statusCode).toBe(403);
    expect((await inject(testApp.app, { method: 'GET', url: '/api/oracle/configurations' })).statusCode).toBe(401);
    const allowed = await actingAs(testApp, { read: ['oracle_configuration'] });
    expect((await call('GET', '/api/oracle/configurations', allowed.token)).statusCode).toBe(200);
  });
});

describe('Oracle configuration detail', () => {
  it('saves the trimmed value only, with the loaded version, and writes an audit row', async () => {
    const id = await configurationId('PO_BUYER_NAME');
    const loaded = await call('GET', itemUrl(id));
    expect(loaded.json()).toMatchObject({ id, code: 'PO_BUYER_NAME', name: 'Acheteur des commandes', version: 1 });

    const response = await call('PUT', itemUrl(id), admin, {
      value: '  Achats Réseaux Sud-Ouest \t',
      code: 'CHANGED',
      name: 'Changé',
      description: 'Changé',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().record).toMatchObject({ code: 'PO_BUYER_NAME', value: 'Achats Réseaux Sud-Ouest', version: 2 });
    expect(await stored(id)).toMatchObject({
      code: 'PO_BUYER_NAME',
      name: 'Acheteur des commandes',
      value: 'Achats Réseaux Sud-Ouest',
      version: 2,
    });
    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'oracle_configuration'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ value: 'Service Achats Réseaux' }),
      after: expect.objectContaining({ value: 'Achats Réseaux Sud-Ouest' }),
    });
  });

  it.each(['', '   ', '\t'])('refuses a blank value (%j) with 400 and the field message, writing nothing', async (blank) => {
    const id = await configurationId('PO_CURRENCY_CODE');
    const before = await stored(id);
    const response = await call('PUT', itemUrl(id), admin, { value: blank, version: before?.version });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ value: 'Ce champ est obligatoire.' });
    expect(await stored(id)).toEqual(before);
  });

  it('refuses a missing or too long value', async () => {
    const id = await configurationId('PO_CURRENCY_CODE');
    const missing = await call('PUT', itemUrl(id), admin, { version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ value: 'Ce champ est obligatoire.' });
    const long = await call('PUT', itemUrl(id), admin, { value: 'x'.repeat(501), version: 1 });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.value).toBe('Ce champ doit contenir au plus 500 caractères.');
    expect((await stored(id))?.value).toBe('EUR');
  });

  it('answers 409 to a stale version and keeps the newer value', async () => {
    const id = await configurationId('RECEIPT_ROUTING');
    expect((await call('PUT', itemUrl(id), admin, { value: 'Standard', version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', itemUrl(id), admin, { value: 'Inspection', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ currentVersion: 2 });
    expect(await stored(id)).toMatchObject({ value: 'Standard', version: 2 });
  });

  it('needs the update right to save and the delete right to delete', async () => {
    const id = await configurationId('PO_DOCUMENT_STYLE');
    const reader = await actingAs(testApp, { read: ['oracle_configuration'] });
    expect((await call('PUT', itemUrl(id), reader.token, { value: 'Autre', version: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', itemUrl(id), reader.token)).statusCode).toBe(403);
    expect((await stored(id))?.value).toBe('Commande de sous-traitance');

    const editor = await actingAs(testApp, { read: ['oracle_configuration'], update: ['oracle_configuration'] });
    expect((await call('PUT', itemUrl(id), editor.token, { value: 'Autre', version: 1 })).statusCode).toBe(200);
    expect((await call('DELETE', itemUrl(id), editor.token)).statusCode).toBe(403);
  });

  it('deletes a setting with the delete right; it is gone afterwards', async () => {
    const id = await configurationId('RETENTION_PAY_GROUP');
    const remover = await actingAs(testApp, { read: ['oracle_configuration'], delete: ['oracle_configuration'] });
    expect((await call('DELETE', itemUrl(id), remover.token)).json()).toEqual({ success: true });
    expect((await call('GET', itemUrl(id))).statusCode).toBe(404);
    expect(await countRows(testApp.db, oracleConfigurations, eq(oracleConfigurations.id, id))).toBe(0);
  });

  it('offers no creation route', async () => {
    const response = await call('POST', '/api/oracle/configuration', admin, { code: 'X', name: 'X', value: 'X' });
    expect(response.statusCode).toBe(404);
  });
});

describe('Oracle HTTP adapter: persons', () => {
  const credentials = { username: 'isf', password: 'test' };

  it('finds the person of a work mail in Oracle HCM, and nobody for an unknown mail', async () => {
    const erp = createOracleErpHttpAdapter({ baseUrl: await startSimulator(), ...credentials });
    expect(await erp.findPeopleByMail('cdp@isf.example')).toEqual([
      { personId: 300_100_000_104_203, personNumber: '104203', displayName: 'Camille Dupuy', workEmail: 'cdp@isf.example' },
    ]);
    expect(await erp.findPeopleByMail("o'brien@isf.example")).toEqual([]);
    expect(await erp.findPeopleByMail(ORACLE_FAULT_WORKER_MAILS.duplicate)).toHaveLength(2);
  });

  it('reports a failing or unreachable ERP as ErpError', async () => {
    const erp = createOracleErpHttpAdapter({ baseUrl: await startSimulator(), ...credentials });
    await expect(erp.findPeopleByMail(ORACLE_FAULT_WORKER_MAILS.serverError)).rejects.toThrow(
      new ErpError('Erreur Oracle (500) : HCM-PER-0042 : le service des personnes est indisponible.'),
    );
    const down = createOracleErpHttpAdapter({ baseUrl: await startSimulator({ down: true }), ...credentials });
    await expect(down.findPeopleByMail('cdp@isf.example')).rejects.toThrow('Erreur Oracle (503) : Service Unavailable');
  });
});

describe('POST /oracle/user/{id}/rename', () => {
  const rename = (userId: number, token = admin) => call('POST', `/api/oracle/user/${userId}/rename`, token);

  async function namesOf(ids: number[]) {
    return testApp.db
      .select({ id: users.id, name: users.name, version: users.version })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id));
  }

  it("gives the user and its other profiles the name of the Oracle person with the user's mail", async () => {
    const mainId = await userIdOf(testApp.db, 'cdp');
    const childId = await userIdOf(testApp.db, 'cdp.acheteur');
    const before = await namesOf([mainId, childId]);
    expect(before.map((row) => row.name)).toEqual(['Camille Chef de projet', 'Camille Chef de projet']);

    // asked on the secondary profile: the person is found by the main profile's mail
    const response = await rename(childId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ErpUserRenameReply>()).toEqual({
      success: true,
      name: 'Camille Dupuy',
      changed: true,
      renamedIds: [mainId, childId],
      personNumber: '104203',
    });
    expect(await namesOf([mainId, childId])).toEqual(
      before.map((row) => ({ id: row.id, name: 'Camille Dupuy', version: row.version + 1 })),
    );
    const audit = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.action, 'rename')))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => [row.entityId, row.before, row.after])).toEqual([
      [
        String(mainId),
        { name: 'Camille Chef de projet', version: before[0]?.version },
        expect.objectContaining({ name: 'Camille Dupuy' }),
      ],
      [
        String(childId),
        { name: 'Camille Chef de projet', version: before[1]?.version },
        expect.objectContaining({ name: 'Camille Dupuy' }),
      ],
    ]);

    const again = await rename(mainId);
    expect(again.json()).toMatchObject({ changed: false, renamedIds: [], name: 'Camille Dupuy' });
    expect(await countRows(testApp.db, auditLog, eq(auditLog.action, 'rename'))).toBe(2);
  });

  it('shows the new name in the profile the renamed user loads', async () => {
    const token = await login(testApp.app, 'valideur', 'valideur');
    expect((await rename(await userIdOf(testApp.db, 'valideur'))).json().name).toBe('Valérie Vidal');
    const profile = await call('GET', '/api/user/profile', token);
    expect(profile.json().name).toBe('Valérie Vidal');
  });

  it('refuses with 422, changing nothing, a user Oracle does not know, one of two persons, or one without mail', async () => {
    const sst = await userIdOf(testApp.db, 'sst');
    const unknown = await rename(sst);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBe(erpUserNotFoundMessage('sst@isf.example'));

    const roleId = (await actingAs(testApp)).roleId;
    const twin = await createTestUser(testApp.db, { roleId, mail: ORACLE_FAULT_WORKER_MAILS.duplicate });
    const ambiguous = await rename(twin.id);
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().error).toBe(erpUserAmbiguousMessage(ORACLE_FAULT_WORKER_MAILS.duplicate));

    const silent = await createTestUser(testApp.db, { roleId, mail: '  ' });
    const noMail = await rename(silent.id);
    expect(noMail.statusCode).toBe(422);
    expect(noMail.json().error).toBe(ERP_USER_NO_MAIL_MESSAGE);

    const after = await namesOf([sst, twin.id, silent.id]);
    expect(after.map((row) => row.version)).toEqual([1, 1, 1]);
  });

  it('answers 502 with the ERP text when Oracle fails or is down, changing nothing', async () => {
    const roleId = (await actingAs(testApp)).roleId;
    const faulty = await createTestUser(testApp.db, { roleId, mail: ORACLE_FAULT_WORKER_MAILS.serverError });
    const failed = await rename(faulty.id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      error: ERP_USER_RENAME_FAILED_MESSAGE,
      detail: 'Erreur Oracle (500) : HCM-PER-0042 : le service des personnes est indisponible.',
    });

    const downApp = await testApp.variant({ erpUrl: await startSimulator({ down: true }), erpUsername: 'isf', erpPassword: 'x' });
    const lecteurId = await userIdOf(testApp.db, 'lecteur');
    const down = await inject(downApp, { method: 'POST', url: `/api/oracle/user/${lecteurId}/rename`, token: admin });
    expect(down.statusCode).toBe(502);
    expect(down.json().detail).toBe('Erreur Oracle (503) : Service Unavailable');
    expect((await namesOf([faulty.id, lecteurId])).map((row) => row.version)).toEqual([1, 1]);
  });

  it('answers 404 for an unknown user and 403 without the read right on oracle_configuration', async () => {
    const missing = await rename(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("Cet utilisateur n'existe pas ou ne peut pas être affiché.");

    const lecteurId = await userIdOf(testApp.db, 'lecteur');
    const userEditor = await actingAs(testApp, { read: ['user'], update: ['user'] });
    expect((await rename(lecteurId, userEditor.token)).statusCode).toBe(403);
    const configurationReader = await actingAs(testApp, { read: ['oracle_configuration'] });
    const allowed = await rename(lecteurId, configurationReader.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().name).toBe('Louis Lefèvre');
  });
});

describe('OSCAR picker values', () => {
  async function projectIdOf(code: string): Promise<number> {
    const [row] = await testApp.db.select({ id: projects.id }).from(projects).where(eq(projects.code, code));
    return Number(row?.id);
  }

  it('lists the distinct DSPs, NRO names and PM identifiers, sorted', async () => {
    expect((await call('GET', '/api/dsps')).json()).toEqual(['Gironde Haut Méga', 'Haute-Garonne Numérique', 'Landes THD']);
    expect((await call('GET', '/api/nros')).json()).toEqual([
      'NRO BDX01 Bastide',
      'NRO DAX02 Thermes',
      'NRO MDM01 Centre',
      'NRO MRG02 Arlac',
      'NRO TLS03 Rangueil',
    ]);
    const pms = (await call('GET', '/api/pms')).json();
    expect(pms).toHaveLength(7);
    expect(pms).toEqual([...pms].sort());
    expect(pms).toContain('PM-31555-101');
  });

  it('keeps the values containing the search, case and accents ignored, and refuses a search over 100 characters', async () => {
    expect((await call('GET', '/api/nros', admin, undefined, { search: 'tls' })).json()).toEqual(['NRO TLS03 Rangueil']);
    expect((await call('GET', '/api/pms', admin, undefined, { search: '%' })).json()).toEqual([]);
    expect((await call('GET', '/api/dsps', admin, undefined, { search: 'numerique' })).json()).toEqual([
      'Haute-Garonne Numérique',
    ]);
    expect((await call('GET', '/api/dsps', admin, undefined, { search: 'MÉGA' })).json()).toEqual(['Gironde Haut Méga']);
    const long = await call('GET', '/api/dsps', admin, undefined, { search: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
  });

  it('lists the PMs of the OSCAR projects attached to a project', async () => {
    expect((await call('GET', `/api/project/${await projectIdOf('P02-TOU-1')}/pms`)).json()).toEqual([
      'PM-31555-101',
      'PM-31555-102',
    ]);
    expect((await call('GET', `/api/project/${await projectIdOf('P01-BOR-1')}/pms`)).json()).toEqual([]);
    expect((await call('GET', '/api/project/2000000000/pms')).statusCode).toBe(404);
  });

  it("keeps to the caller's project scope and needs the read right on project", async () => {
    const projectManager = await login(testApp.app, 'cdp', 'cdp');
    expect((await call('GET', '/api/dsps', projectManager)).json()).toEqual(['Haute-Garonne Numérique']);
    expect((await call('GET', '/api/pms', projectManager)).json()).toEqual(['PM-31555-101', 'PM-31555-102']);
    expect((await call('GET', `/api/project/${await projectIdOf('P02-TOU-1')}/pms`, projectManager)).statusCode).toBe(200);
    expect((await call('GET', `/api/project/${await projectIdOf('P03-PAU-1')}/pms`, projectManager)).statusCode).toBe(404);

    const outsider = await actingAs(testApp, { read: ['user'] });
    for (const url of ['/api/dsps', '/api/nros', '/api/pms', `/api/project/${await projectIdOf('P02-TOU-1')}/pms`]) {
      expect((await call('GET', url, outsider.token)).statusCode, url).toBe(403);
    }
  });
});
