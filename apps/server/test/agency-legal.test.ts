import {
  type AgencyLegalReply,
  LEGAL_FOLDER_INVITE_FAILED_MESSAGE,
  LEGAL_FOLDER_READ_FAILED_MESSAGE,
  LEGAL_FOLDER_SYNC_OFF_MESSAGE,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, auditLog, companies } from '../src/db/schema/index.js';
import { SIRENE_FIXTURES } from '../src/integrations/company-registry/sirene-fixtures.js';
import {
  E_ATTESTATIONS_FAULT_SIRETS,
  E_ATTESTATIONS_SIMULATOR_ACCOUNT,
} from '../src/integrations/legal-folder/e-attestations-fixtures.js';
import { createEAttestationsHttpAdapter } from '../src/integrations/legal-folder/e-attestations-http-adapter.js';
import { E_ATTESTATIONS_TOKEN_PATH } from '../src/integrations/legal-folder/e-attestations-paths.js';
import {
  buildEAttestationsSimulator,
  type EAttestationsSimulatorSwitches,
} from '../src/integrations/legal-folder/e-attestations-simulator.js';
import {
  type LegalDocument,
  LegalFolderError,
  LegalFolderInvalidResponse,
} from '../src/integrations/legal-folder/legal-folder.port.js';
import { addDays, documentState, evaluateFolder } from '../src/modules/agencies/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';

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

const siretOf = (index: number) => SIRENE_FIXTURES[index]?.siret ?? '';
/** A day counted from today as the simulator counts it (UTC days). */
const simulatorDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const account = { accountId: E_ATTESTATIONS_SIMULATOR_ACCOUNT, username: 'isf', password: 'test' };

/** A simulator of its own on a free port, recording the calls it receives ("METHOD path"). */
async function startSimulator(switches: EAttestationsSimulatorSwitches = {}) {
  const simulator = buildEAttestationsSimulator(switches);
  const calls: string[] = [];
  simulator.addHook('onRequest', async (request) => {
    calls.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  simulators.push(simulator);
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  return { url, calls };
}

/** The app on the same database, talking to another platform (a test simulator, or nothing at all). */
function appTalkingTo(url: string) {
  return testApp.variant({
    legalFolderUrl: url,
    legalFolderAccountId: account.accountId,
    legalFolderUsername: account.username,
    legalFolderPassword: account.password,
  });
}

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; payload?: object; app?: FastifyInstance } = {},
) {
  return inject(options.app ?? testApp.app, { method, url, token: options.token ?? admin, payload: options.payload });
}

async function agencyIdOf(siret: string): Promise<number> {
  const [row] = await testApp.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.siret, siret));
  return Number(row?.id);
}

async function agencyRow(id: number) {
  const [row] = await testApp.db.select().from(agencies).where(eq(agencies.id, id));
  if (!row) {
    throw new Error(`no agency ${id}`);
  }
  return row;
}

async function createAgency(siret: string, fields: Record<string, unknown> = {}, app?: FastifyInstance) {
  const [company] = await testApp.db
    .insert(companies)
    .values({ edifice: uniqueName('ED'), name: uniqueName('Entreprise') })
    .returning({ id: companies.id });
  const response = await call('POST', '/api/agency/create', {
    app,
    payload: { companyId: company?.id, siret, name: uniqueName('Agence'), ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

async function readLegal(id: number, token = admin, app?: FastifyInstance) {
  const response = await call('GET', `/api/agency/${id}/legal`, { token, app });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgencyLegalReply>();
}

async function saveAgency(id: number, changes: Record<string, unknown>, app?: FastifyInstance) {
  const current = (await call('GET', `/api/agency/${id}`)).json();
  return call('PUT', `/api/agency/${id}`, { app, payload: { ...current, ...changes } });
}

describe('e-Attestations HTTP adapter against the simulator', () => {
  it('reads a folder by category with its delivery and expiry days, asking one token for several calls', async () => {
    const { url, calls } = await startSimulator();
    const legal = createEAttestationsHttpAdapter({ baseUrl: url, ...account });
    const folder = await legal.folder(siretOf(1));
    expect(folder).toMatchObject({ siret: siretOf(1), onboarded: true, invited: false });
    expect(folder.categories.map((category) => category.name)).toEqual([
      'Documents légaux',
      'Obligations sociales',
      'Obligations fiscales',
      'Assurances',
    ]);
    const social = folder.categories.find((category) => category.code === 'SOCIAL');
    expect(social?.documents).toEqual([
      {
        code: 'ATT_URSSAF',
        name: 'Attestation de vigilance URSSAF',
        available: true,
        statusCode: 'VALID',
        deliveredOn: simulatorDay(-168),
        expiresOn: simulatorDay(12),
      },
      {
        code: 'LNTE',
        name: 'Liste nominative des travailleurs étrangers (LNTE)',
        available: true,
        statusCode: 'VALID',
        deliveredOn: simulatorDay(-20),
        expiresOn: simulatorDay(160),
      },
    ]);
    expect(await legal.registration(siretOf(5))).toEqual({ siret: siretOf(5), onboarded: false, invited: true });
    expect(await legal.folder(siretOf(9))).toEqual({ siret: siretOf(9), onboarded: false, invited: false, categories: [] });
    expect(calls.filter((line) => line === `POST ${E_ATTESTATIONS_TOKEN_PATH}`)).toHaveLength(1);
    expect(calls).toContain(`GET /api/v1/account/${E_ATTESTATIONS_SIMULATOR_ACCOUNT}/dossiers`);
  });

  it('invites a supplier once per address, and says when it is already onboarded', async () => {
    const { url } = await startSimulator();
    const legal = createEAttestationsHttpAdapter({ baseUrl: url, ...account });
    const invitation = { siret: siretOf(9), mail: 'contact@sst.example', name: 'SST' };
    expect(await legal.invite(invitation)).toBe('invited');
    expect(await legal.invite({ ...invitation, mail: 'CONTACT@sst.example' })).toBe('already-invited');
    expect(await legal.invite({ ...invitation, mail: 'autre@sst.example' })).toBe('invited');
    expect(await legal.registration(siretOf(9))).toMatchObject({ onboarded: false, invited: true });
    expect(await legal.invite({ ...invitation, siret: siretOf(0) })).toBe('already-onboarded');
  });

  it('reports the faults of the platform as LegalFolderError or LegalFolderInvalidResponse', async () => {
    const { url } = await startSimulator();
    const legal = createEAttestationsHttpAdapter({ baseUrl: url, ...account });
    await expect(legal.folder(E_ATTESTATIONS_FAULT_SIRETS.serverError)).rejects.toThrow(
      new LegalFolderError('Erreur e-Attestations (500) : Erreur interne de la plate-forme e-Attestations.'),
    );
    await expect(legal.folder(E_ATTESTATIONS_FAULT_SIRETS.invalidResponse)).rejects.toBeInstanceOf(LegalFolderInvalidResponse);
    const anonymous = createEAttestationsHttpAdapter({ baseUrl: url, accountId: account.accountId });
    await expect(anonymous.folder(siretOf(0))).rejects.toThrow('Erreur e-Attestations (401) : Invalid user credentials');
    const otherAccount = createEAttestationsHttpAdapter({ baseUrl: url, ...account, accountId: '42' });
    await expect(otherAccount.folder(siretOf(0))).rejects.toThrow(/Erreur e-Attestations \(403\)/);
  });

  it('reports a platform that is down, too slow or unreachable', async () => {
    const down = await startSimulator({ down: true });
    await expect(createEAttestationsHttpAdapter({ baseUrl: down.url, ...account }).folder(siretOf(0))).rejects.toThrow(
      'Erreur e-Attestations (503) : Service Unavailable',
    );
    const slow = await startSimulator({ latencyMs: 300 });
    await expect(
      createEAttestationsHttpAdapter({ baseUrl: slow.url, ...account, timeoutMs: 50 }).registration(siretOf(0)),
    ).rejects.toThrow('Le service e-Attestations ne répond pas. Réessayez plus tard.');
    const closed = buildEAttestationsSimulator();
    const closedUrl = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    await expect(createEAttestationsHttpAdapter({ baseUrl: closedUrl, ...account }).folder(siretOf(0))).rejects.toBeInstanceOf(
      LegalFolderError,
    );
  });
});

describe('status rule of a legal folder', () => {
  const today = '2025-03-10';
  const document = (overrides: Partial<LegalDocument>): LegalDocument => ({
    code: 'ATT_URSSAF',
    name: 'Attestation de vigilance URSSAF',
    available: true,
    statusCode: 'VALID',
    deliveredOn: '2025-01-01',
    expiresOn: '2025-06-30',
    ...overrides,
  });
  const folderOf = (documents: LegalDocument[], onboarded = true) => ({
    siret: siretOf(0),
    onboarded,
    invited: false,
    categories: [{ code: 'SOCIAL', name: 'Obligations sociales', documents }],
  });

  it('says expiring up to 30 days ahead, expired from the day after the last valid day, missing when not provided', () => {
    expect(documentState(document({ expiresOn: addDays(today, 31) }), today)).toBe('valid');
    expect(documentState(document({ expiresOn: addDays(today, 30) }), today)).toBe('expiring');
    expect(documentState(document({ expiresOn: today }), today)).toBe('expiring');
    expect(documentState(document({ expiresOn: addDays(today, -1) }), today)).toBe('expired');
    expect(documentState(document({ statusCode: 'EXPIRED', expiresOn: null }), today)).toBe('expired');
    expect(documentState(document({ expiresOn: null }), today)).toBe('valid');
    expect(documentState(document({ available: false, statusCode: 'MISSING', expiresOn: null }), today)).toBe('missing');
    expect(documentState(document({ statusCode: 'REFUSED' }), today)).toBe('missing');
  });

  it('gives status 1 when all is valid, 2 when one expires soon, 3 when one is missing or expired or the supplier is not onboarded', () => {
    const valid = document({});
    const expiring = document({ code: 'LNTE', expiresOn: addDays(today, 5) });
    const expired = document({ code: 'KBIS', expiresOn: addDays(today, -5) });
    const missing = document({ code: 'KBIS', available: false, statusCode: 'MISSING', expiresOn: null });
    expect(evaluateFolder(folderOf([valid]), today)).toMatchObject({ status: 1, documentsCompleted: true });
    expect(evaluateFolder(folderOf([valid, expiring]), today)).toMatchObject({ status: 2, documentsCompleted: true });
    expect(evaluateFolder(folderOf([expiring, expired]), today)).toMatchObject({ status: 3, documentsCompleted: false });
    expect(evaluateFolder(folderOf([valid, missing]), today)).toMatchObject({ status: 3, documentsCompleted: false });
    expect(evaluateFolder(folderOf([], false), today)).toMatchObject({ status: 3, documentsCompleted: false });
    const states = evaluateFolder(folderOf([valid, expiring, expired]), today).categories[0]?.documents.map((item) => item.state);
    expect(states).toEqual(['valid', 'expiring', 'expired']);
  });
});

describe('GET /api/agency/:id/legal', () => {
  it('returns the folder of a followed agency and refreshes its status and completeness, without a new version', async () => {
    const id = await agencyIdOf(siretOf(1));
    const before = await agencyRow(id);
    expect(before).toMatchObject({ synchronize: true, status: 2, documentsCompleted: false });
    const folder = await readLegal(id);
    expect(folder).toMatchObject({ synchronize: true, onboarded: true, status: 2, documentsCompleted: true });
    if (!folder.synchronize) {
      throw new Error('the follow-up is on');
    }
    const urssaf = folder.categories.flatMap((category) => category.documents).find((item) => item.code === 'ATT_URSSAF');
    expect(urssaf).toMatchObject({ available: true, state: 'expiring', expiresOn: simulatorDay(12) });
    const after = await agencyRow(id);
    expect(after).toMatchObject({ status: 2, documentsCompleted: true, legalOnboarded: true, version: before.version });
    expect(after.legalCheckedAt).not.toBeNull();
    const refreshes = and(eq(auditLog.entity, 'agency'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'legal_refresh'));
    expect(await countRows(testApp.db, auditLog, refreshes)).toBe(1);
    await readLegal(id);
    expect(await countRows(testApp.db, auditLog, refreshes)).toBe(1);
  });

  it('marks status 3 and incomplete documents for a missing Kbis, an expired insurance and a supplier not onboarded', async () => {
    for (const [siret, onboarded] of [
      [siretOf(3), true],
      [siretOf(4), true],
      [siretOf(10), false],
    ] as const) {
      const id = await createAgency(siret, { synchronize: true });
      expect(await readLegal(id)).toMatchObject({ synchronize: true, onboarded, status: 3, documentsCompleted: false });
      expect(await agencyRow(id)).toMatchObject({ status: 3, documentsCompleted: false, legalOnboarded: onboarded });
    }
    const complete = await createAgency(siretOf(6), { synchronize: true });
    expect(await readLegal(complete)).toMatchObject({ status: 1, documentsCompleted: true });
  });

  it('answers clearly without asking the platform when the follow-up is off', async () => {
    const id = await agencyIdOf(siretOf(2));
    const before = await agencyRow(id);
    const unreachable = await appTalkingTo('http://127.0.0.1:9');
    expect(await readLegal(id, admin, unreachable)).toEqual({ synchronize: false, message: LEGAL_FOLDER_SYNC_OFF_MESSAGE });
    expect(await agencyRow(id)).toEqual(before);
  });

  it('answers a French 502 and changes nothing when the platform fails', async () => {
    const id = await agencyIdOf(siretOf(0));
    const before = await agencyRow(id);
    const unreachable = await appTalkingTo('http://127.0.0.1:9');
    const response = await call('GET', `/api/agency/${id}/legal`, { app: unreachable });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: LEGAL_FOLDER_READ_FAILED_MESSAGE,
      detail: 'Le service e-Attestations ne répond pas. Réessayez plus tard.',
    });
    expect(await agencyRow(id)).toEqual(before);
    const invalid = await createAgency(E_ATTESTATIONS_FAULT_SIRETS.invalidResponse, { synchronize: true });
    const garbled = await call('GET', `/api/agency/${invalid}/legal`);
    expect(garbled.statusCode).toBe(502);
    expect(garbled.json()).toMatchObject({
      error: LEGAL_FOLDER_READ_FAILED_MESSAGE,
      detail: 'Réponse invalide du service e-Attestations.',
    });
  });

  it('needs the agency read right and the agency in scope, and refuses bad ids', async () => {
    const id = await agencyIdOf(siretOf(0));
    const without = await actingAs(testApp, { read: ['company'] });
    expect((await call('GET', `/api/agency/${id}/legal`, { token: without.token })).statusCode).toBe(403);
    const outside = await actingAs(testApp, { visibility: 4, read: ['agency'] });
    expect((await call('GET', `/api/agency/${id}/legal`, { token: outside.token })).statusCode).toBe(404);
    const reader = await actingAs(testApp, { read: ['agency'] });
    expect((await call('GET', `/api/agency/${id}/legal`, { token: reader.token })).statusCode).toBe(200);
    expect((await call('GET', '/api/agency/abc/legal')).statusCode).toBe(400);
    expect((await call('GET', '/api/agency/3000000000/legal')).statusCode).toBe(400);
    expect((await call('GET', '/api/agency/99999999/legal')).statusCode).toBe(404);
  });

  it('drops a kept invite mail once the supplier turns out to be onboarded', async () => {
    const [company] = await testApp.db
      .insert(companies)
      .values({ edifice: uniqueName('ED'), name: uniqueName('Entreprise') })
      .returning({ id: companies.id });
    const [row] = await testApp.db
      .insert(agencies)
      .values({
        companyId: Number(company?.id),
        name: 'Inscrite depuis',
        siret: siretOf(7),
        synchronize: true,
        inviteMail: 'x@y.example',
      })
      .returning({ id: agencies.id });
    await readLegal(Number(row?.id));
    expect(await agencyRow(Number(row?.id))).toMatchObject({ inviteMail: null, legalOnboarded: true });
  });
});

describe('invite mail rules', () => {
  it('invites a supplier not onboarded when saved with the follow-up on, once per address', async () => {
    const { url, calls } = await startSimulator();
    const app = await appTalkingTo(url);
    const invitations = () => calls.filter((line) => line.endsWith('/dossiers') && line.startsWith('POST')).length;
    const id = await createAgency(siretOf(11), { synchronize: true, inviteMail: 'contact@sst11.example' }, app);
    expect(invitations()).toBe(1);
    expect(await agencyRow(id)).toMatchObject({
      inviteMail: 'contact@sst11.example',
      invitationSentTo: 'contact@sst11.example',
      legalOnboarded: false,
    });
    expect((await saveAgency(id, { phone: '05 56 00 00 00' }, app)).statusCode).toBe(200);
    expect(invitations()).toBe(1);
    expect((await saveAgency(id, { inviteMail: 'direction@sst11.example' }, app)).statusCode).toBe(200);
    expect(invitations()).toBe(2);
    expect(await agencyRow(id)).toMatchObject({
      inviteMail: 'direction@sst11.example',
      invitationSentTo: 'direction@sst11.example',
    });
    const stale = await call('PUT', `/api/agency/${id}`, {
      app,
      payload: { ...(await call('GET', `/api/agency/${id}`)).json(), version: 1, inviteMail: 'tard@sst11.example' },
    });
    expect(stale.statusCode).toBe(409);
    expect(invitations()).toBe(2);
  });

  it('keeps no invite mail when the follow-up is off or the supplier is already onboarded', async () => {
    const off = await createAgency(siretOf(12), { synchronize: false, inviteMail: 'a@b.example' });
    expect(await agencyRow(off)).toMatchObject({ inviteMail: null, invitationSentTo: null });
    const onboarded = await createAgency(siretOf(19), { synchronize: true, inviteMail: 'a@b.example' });
    expect(await agencyRow(onboarded)).toMatchObject({ inviteMail: null, legalOnboarded: true, invitationSentTo: null });
  });

  it('refuses the save with a French 502 and writes nothing when the invitation cannot be sent', async () => {
    const id = await createAgency(siretOf(13), { synchronize: false });
    const before = await agencyRow(id);
    const unreachable = await appTalkingTo('http://127.0.0.1:9');
    const response = await saveAgency(id, { synchronize: true, inviteMail: 'contact@sst13.example' }, unreachable);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe(LEGAL_FOLDER_INVITE_FAILED_MESSAGE);
    expect(await agencyRow(id)).toEqual(before);
    const agencyCount = await countRows(testApp.db, agencies);
    const [company] = await testApp.db.select({ id: companies.id }).from(companies).limit(1);
    const created = await call('POST', '/api/agency/create', {
      app: unreachable,
      payload: { companyId: company?.id, siret: siretOf(14), name: 'X', synchronize: true, inviteMail: 'x@sst14.example' },
    });
    expect(created.statusCode).toBe(502);
    expect(await countRows(testApp.db, agencies)).toBe(agencyCount);
  });

  it('tells the lookup whether the supplier is onboarded, and null when the platform cannot say', async () => {
    const onboarded = await call('GET', `/api/agency/lookup/${siretOf(0)}`);
    expect(onboarded.json()).toMatchObject({ inThirdParty: true, onboarded: true });
    const notYet = await call('GET', `/api/agency/lookup/${siretOf(20)}`);
    expect(notYet.json()).toMatchObject({ inThirdParty: true, onboarded: false });
    const unreachable = await appTalkingTo('http://127.0.0.1:9');
    const unknown = await call('GET', `/api/agency/lookup/${siretOf(0)}`, { app: unreachable });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ inThirdParty: true, onboarded: null });
  });
});

describe('agency users', () => {
  it('links users only to agencies in the caller scope, and refuses an agency id out of range', async () => {
    const id = await agencyIdOf(siretOf(0));
    const member = await actingAs(testApp, {});
    const outside = await actingAs(testApp, { visibility: 4, create: ['user_agency'], delete: ['user_agency'] });
    const link = `/api/user/${member.userId}/agency/${id}`;
    expect((await call('POST', link, { token: outside.token })).statusCode).toBe(404);
    expect((await call('POST', `/api/user/${member.userId}/agency/3000000000`)).statusCode).toBe(400);
    expect((await call('POST', link)).statusCode).toBe(200);
    const users = await call('GET', `/api/agency/${id}/users`);
    expect(users.json().map((user: { id: number }) => user.id)).toContain(member.userId);
  });
});
