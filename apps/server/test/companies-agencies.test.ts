import { REGISTRY_INVALID_RESPONSE_MESSAGE, SIRET_INVALID_MESSAGE } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, auditLog, companies, userAgencies } from '../src/db/schema/index.js';
import { SIRENE_FAULT_SIRETS, SIRENE_FIXTURES } from '../src/integrations/company-registry/sirene-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

function fixture(index: number) {
  const found = SIRENE_FIXTURES[index];
  if (!found) {
    throw new Error(`no fixture ${index}`);
  }
  return found;
}

async function createCompany(overrides: Record<string, unknown> = {}) {
  const response = await inject(testApp.app, {
    method: 'POST',
    url: '/api/company/create',
    token: admin,
    payload: { edifice: uniqueName('ED'), name: uniqueName('Entreprise'), ...overrides },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

describe('companies', () => {
  it('creates, reads, edits and deletes a company with audit rows', async () => {
    const id = await createCompany({ name: '  Réseaux Test  ', mail: 'contact@test.example' });
    const read = await inject(testApp.app, { method: 'GET', url: `/api/company/${id}`, token: admin });
    expect(read.json()).toMatchObject({ id, name: 'Réseaux Test', mail: 'contact@test.example', version: 1 });
    const updated = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/company/${id}`,
      token: admin,
      payload: { ...read.json<object>(), name: 'Réseaux Test bis', version: 1 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().record).toMatchObject({ name: 'Réseaux Test bis', version: 2 });
    const deleted = await inject(testApp.app, { method: 'DELETE', url: `/api/company/${id}/delete`, token: admin });
    expect(deleted.json()).toEqual({ success: true });
    expect((await inject(testApp.app, { method: 'GET', url: `/api/company/${id}`, token: admin })).statusCode).toBe(404);
    const actions = await testApp.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
  });

  it('requires the edifice code and the name, and a mail of email type, writing nothing otherwise', async () => {
    const before = await countRows(testApp.db, companies);
    for (const payload of [
      { edifice: '  ', name: 'X' },
      { edifice: uniqueName('ED'), name: '' },
      { edifice: uniqueName('ED'), name: 'X', mail: 'not-a-mail' },
    ]) {
      const response = await inject(testApp.app, { method: 'POST', url: '/api/company/create', token: admin, payload });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields).length).toBeGreaterThan(0);
    }
    expect(await countRows(testApp.db, companies)).toBe(before);
  });

  it('refuses a stale edit with 409 and keeps the stored company', async () => {
    const id = await createCompany({ name: 'Avant' });
    const payload = { edifice: uniqueName('ED'), name: 'Après', version: 7 };
    const response = await inject(testApp.app, { method: 'PUT', url: `/api/company/${id}`, token: admin, payload });
    expect(response.statusCode).toBe(409);
    const read = await inject(testApp.app, { method: 'GET', url: `/api/company/${id}`, token: admin });
    expect(read.json().name).toBe('Avant');
  });

  it('lists the agencies of a company and deletes one of them from the company', async () => {
    const companyId = await createCompany();
    const create = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: fixture(10).siret, name: 'saisi' },
    });
    expect(create.statusCode, create.body).toBe(200);
    const agencyId = create.json().id as number;
    const list = await inject(testApp.app, { method: 'GET', url: `/api/company/${companyId}/agencies`, token: admin });
    expect(list.json().content.map((agency: { id: number }) => agency.id)).toEqual([agencyId]);
    const otherCompany = await createCompany();
    const wrong = await inject(testApp.app, {
      method: 'DELETE',
      url: `/api/company/${otherCompany}/agency/${agencyId}/delete`,
      token: admin,
    });
    expect(wrong.statusCode).toBe(404);
    const removed = await inject(testApp.app, {
      method: 'DELETE',
      url: `/api/company/${companyId}/agency/${agencyId}/delete`,
      token: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await countRows(testApp.db, agencies, eq(agencies.id, agencyId))).toBe(0);
  });
});

describe('agency SIRET lookup through the Sirene adapter and simulator', () => {
  it('returns the name and address of a known establishment', async () => {
    const known = fixture(4);
    const response = await inject(testApp.app, { method: 'GET', url: `/api/agency/lookup/${known.siret}`, token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      siret: known.siret,
      inThirdParty: true,
      name: known.name,
      address: `${known.number} ${known.streetType} ${known.street}, ${known.postalCode} ${known.city}`,
      active: true,
      // the e-attestation platform simulator knows this supplier as registered
      onboarded: true,
    });
  });

  it('says a valid but unknown SIRET is not in the registry', async () => {
    const response = await inject(testApp.app, {
      method: 'GET',
      url: `/api/agency/lookup/${SIRENE_FAULT_SIRETS.unknown}`,
      token: admin,
    });
    expect(response.json()).toEqual({ siret: SIRENE_FAULT_SIRETS.unknown, inThirdParty: false, onboarded: false });
  });

  it('refuses a SIRET with a wrong key before any registry call', async () => {
    const wrongKey = `${fixture(4).siret.slice(0, 13)}${(Number(fixture(4).siret[13]) + 1) % 10}`;
    const response = await inject(testApp.app, { method: 'GET', url: `/api/agency/lookup/${wrongKey}`, token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(SIRET_INVALID_MESSAGE);
  });

  it("passes the registry's error text on and keeps the number", async () => {
    const response = await inject(testApp.app, {
      method: 'GET',
      url: `/api/agency/lookup/${SIRENE_FAULT_SIRETS.serverError}`,
      token: admin,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: 'Erreur interne du service Sirene',
      inThirdParty: false,
      siret: SIRENE_FAULT_SIRETS.serverError,
    });
  });

  it('answers the invalid-response text when the registry reply is not a Sirene reply', async () => {
    const response = await inject(testApp.app, {
      method: 'GET',
      url: `/api/agency/lookup/${SIRENE_FAULT_SIRETS.invalidResponse}`,
      token: admin,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe(REGISTRY_INVALID_RESPONSE_MESSAGE);
  });
});

describe('agency creation', () => {
  it('takes name and address from the registry when it knows the SIRET, whatever was typed', async () => {
    const companyId = await createCompany();
    const known = fixture(6);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: known.siret, name: 'nom tapé', address: 'adresse tapée' },
    });
    const agency = await inject(testApp.app, { method: 'GET', url: `/api/agency/${response.json().id}`, token: admin });
    expect(agency.json()).toMatchObject({ name: known.name, inThirdParty: true, company: { id: companyId } });
    expect(agency.json().address).toContain(known.city);
  });

  it('keeps the typed name and marks the agency not in the registry when the registry fails', async () => {
    const companyId = await createCompany();
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: SIRENE_FAULT_SIRETS.serverError, name: 'Agence saisie', address: '1 rue Haute' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const agency = await inject(testApp.app, { method: 'GET', url: `/api/agency/${response.json().id}`, token: admin });
    expect(agency.json()).toMatchObject({
      name: 'Agence saisie',
      address: '1 rue Haute',
      inThirdParty: false,
      siret: SIRENE_FAULT_SIRETS.serverError,
    });
  });

  it('requires a company, a name and a valid SIRET, and refuses a SIRET already used, writing nothing', async () => {
    const companyId = await createCompany();
    const before = await countRows(testApp.db, agencies);
    const cases = [
      { siret: fixture(12).siret, name: 'A' },
      { companyId, siret: fixture(12).siret, name: ' ' },
      { companyId, siret: '1234', name: 'A' },
      { companyId, siret: fixture(0).siret, name: 'A' },
      { companyId: 999_999, siret: fixture(12).siret, name: 'A' },
    ];
    for (const payload of cases) {
      const response = await inject(testApp.app, { method: 'POST', url: '/api/agency/create', token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countRows(testApp.db, agencies)).toBe(before);
  });

  it('keeps the invite mail only when the e-attestation follow-up is on', async () => {
    const companyId = await createCompany();
    const withoutFollowUp = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: fixture(13).siret, name: 'A', synchronize: false, inviteMail: 'sst@test.example' },
    });
    const withFollowUp = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: fixture(14).siret, name: 'B', synchronize: true, inviteMail: 'sst@test.example' },
    });
    const first = await inject(testApp.app, { method: 'GET', url: `/api/agency/${withoutFollowUp.json().id}`, token: admin });
    const second = await inject(testApp.app, { method: 'GET', url: `/api/agency/${withFollowUp.json().id}`, token: admin });
    expect(first.json().inviteMail).toBeNull();
    expect(second.json().inviteMail).toBe('sst@test.example');
  });
});

describe('agency scope and users', () => {
  it('shows a visibility-4 user only the agencies he belongs to, and 404 on the others', async () => {
    const companyId = await createCompany();
    const mine = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: fixture(15).siret, name: 'mienne' },
    });
    const other = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: fixture(16).siret, name: 'autre' },
    });
    const subcontractor = await actingAs(testApp, { visibility: 4, read: ['agency', 'company'] });
    const link = await inject(testApp.app, {
      method: 'POST',
      url: `/api/user/${subcontractor.userId}/agency/${mine.json().id}`,
      token: admin,
    });
    expect(link.statusCode, link.body).toBe(200);
    const list = await inject(testApp.app, { method: 'GET', url: '/api/agencies', token: subcontractor.token });
    expect(list.json().content.map((agency: { id: number }) => agency.id)).toEqual([mine.json().id]);
    expect(list.json().totalElements).toBe(1);
    const hidden = await inject(testApp.app, {
      method: 'GET',
      url: `/api/agency/${other.json().id}`,
      token: subcontractor.token,
    });
    expect(hidden.statusCode).toBe(404);
    const companiesSeen = await inject(testApp.app, { method: 'GET', url: '/api/companies', token: subcontractor.token });
    expect(companiesSeen.json().content.map((company: { id: number }) => company.id)).toEqual([companyId]);
  });

  it('adds and removes a user of an agency', async () => {
    const companyId = await createCompany();
    const created = await inject(testApp.app, {
      method: 'POST',
      url: '/api/agency/create',
      token: admin,
      payload: { companyId, siret: fixture(17).siret, name: 'x' },
    });
    const agencyId = created.json().id as number;
    const member = await actingAs(testApp, {});
    await inject(testApp.app, { method: 'POST', url: `/api/user/${member.userId}/agency/${agencyId}`, token: admin });
    const users = await inject(testApp.app, { method: 'GET', url: `/api/agency/${agencyId}/users`, token: admin });
    expect(users.json().map((user: { id: number }) => user.id)).toEqual([member.userId]);
    const removed = await inject(testApp.app, {
      method: 'DELETE',
      url: `/api/user/${member.userId}/agency/${agencyId}`,
      token: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await countRows(testApp.db, userAgencies, eq(userAgencies.agencyId, agencyId))).toBe(0);
    const again = await inject(testApp.app, {
      method: 'DELETE',
      url: `/api/user/${member.userId}/agency/${agencyId}`,
      token: admin,
    });
    expect(again.statusCode).toBe(404);
  });
});
