import {
  CONTRACT_DATE_INVALID_MESSAGE,
  CONTRACT_DURATION_MESSAGE,
  CONTRACT_END_BEFORE_START_MESSAGE,
  CONTRACT_IN_USE_MESSAGE,
  CONTRACT_NUMBER_DUPLICATE_MESSAGE,
  CONTRACT_PARENT_CYCLE_MESSAGE,
  CONTRACT_PARENT_ITSELF_MESSAGE,
  MESSAGES_FR,
} from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, contracts, markets } from '../src/db/schema/index.js';
import { contractPayload, createContract, createEnvelope } from './contracts-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { createMarket } from './markets-fixtures.js';

let testApp: TestApp;
let admin: string;
let sst: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  sst = await login(testApp.app, 'sst', 'sst');
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

describe('contracts', () => {
  it('creates, reads, lists (with agency, referent and document type) and updates a contract', async () => {
    const payload = await contractPayload(testApp.db, { contractNumber: '  CT-LIST-001  ', comment: ' Cadre ' });
    const response = await send('POST', '/api/contract', payload);
    expect(response.statusCode, response.body).toBe(200);
    const { id, success } = response.json<{ id: number; success: boolean }>();
    expect(success).toBe(true);
    const record = (await send('GET', `/api/contract/${id}`)).json();
    expect(record).toMatchObject({
      id,
      version: 1,
      contractNumber: 'CT-LIST-001',
      active: true,
      parent: null,
      duration: 12,
      startDate: '2026-01-10',
      endDate: '2027-01-09',
      comment: 'Cadre',
      referentBuyer: 'Acheteur ERP',
    });
    expect(record.agencyName).toBeTruthy();
    expect(record.referentName).toBeTruthy();
    expect(record.documentTypeName).toBeTruthy();

    const list = (
      await send('GET', `/api/contracts?filters=${encodeURIComponent(JSON.stringify({ contractNumber: 'CT-LIST-001' }))}`)
    ).json();
    expect(list.totalElements).toBe(1);
    expect(list.content[0]).toMatchObject({
      id,
      contractNumber: 'CT-LIST-001',
      agencyId: payload.agency,
      agencyName: record.agencyName,
      referentId: payload.referent,
      referentName: record.referentName,
      documentTypeId: payload.documentType,
      documentTypeName: record.documentTypeName,
    });

    const updated = await send('PUT', `/api/contract/${id}`, {
      ...payload,
      contractNumber: 'CT-LIST-001',
      duration: '24',
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().record).toMatchObject({ duration: 24, version: 2 });
    const stale = await send('PUT', `/api/contract/${id}`, { ...payload, contractNumber: 'CT-LIST-001', version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses invalid contracts with a French message per field (400) and writes nothing', async () => {
    const before = await countRows(testApp.db, contracts);
    const existing = await createContract(testApp.app, testApp.db, admin);
    const [row] = await testApp.db.select({ number: contracts.contractNumber }).from(contracts).where(eq(contracts.id, existing));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contractNumber: '  ' }, 'contractNumber', MESSAGES_FR['validation.required']],
      [{ agency: null }, 'agency', MESSAGES_FR['validation.selectItem']],
      [{ documentType: undefined }, 'documentType', MESSAGES_FR['validation.selectItem']],
      [{ referent: undefined }, 'referent', MESSAGES_FR['validation.selectItem']],
      [{ adminReferent: 'x' }, 'adminReferent', MESSAGES_FR['validation.selectItem']],
      [{ signatureDate: '' }, 'signatureDate', MESSAGES_FR['validation.required']],
      [{ startDate: '2026-13-45' }, 'startDate', CONTRACT_DATE_INVALID_MESSAGE],
      [{ endDate: '2026-01-10' }, 'endDate', CONTRACT_END_BEFORE_START_MESSAGE],
      [{ endDate: '2025-12-31' }, 'endDate', CONTRACT_END_BEFORE_START_MESSAGE],
      [{ duration: 0 }, 'duration', CONTRACT_DURATION_MESSAGE],
      [{ duration: -3 }, 'duration', CONTRACT_DURATION_MESSAGE],
      [{ duration: '1.5' }, 'duration', CONTRACT_DURATION_MESSAGE],
      [{ duration: '' }, 'duration', MESSAGES_FR['validation.required']],
      [{ agency: 999999 }, 'agency', MESSAGES_FR['validation.selectItem']],
      [{ documentType: 999999 }, 'documentType', MESSAGES_FR['validation.selectItem']],
      [{ referent: 999999 }, 'referent', MESSAGES_FR['validation.selectItem']],
      [{ parent: 999999 }, 'parent', MESSAGES_FR['validation.selectItem']],
      [{ contractNumber: row?.number }, 'contractNumber', CONTRACT_NUMBER_DUPLICATE_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send('POST', '/api/contract', await contractPayload(testApp.db, overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await countRows(testApp.db, contracts)).toBe(before + 1);
  });

  it('links child contracts to their parent: childs, parents, no self or circular parent', async () => {
    const root = await createContract(testApp.app, testApp.db, admin);
    const child = await createContract(testApp.app, testApp.db, admin, { parent: root });
    const grandchild = await createContract(testApp.app, testApp.db, admin, { parent: child });

    const childs = (await send('GET', `/api/contract/${root}/childs`)).json();
    expect(childs.content.map((row: { id: number }) => row.id)).toEqual([child]);
    expect(childs.content[0].parentNumber).toBeTruthy();
    const parents = (await send('GET', `/api/contract/${grandchild}/parents`)).json<{ id: number }[]>();
    expect(parents.map((parent) => parent.id)).toEqual([child, root]);
    expect((await send('GET', `/api/contract/${root}/parents`)).json()).toEqual([]);

    const rootRecord = (await send('GET', `/api/contract/${root}`)).json();
    const itself = await send('PUT', `/api/contract/${root}`, {
      ...(await contractPayload(testApp.db)),
      contractNumber: rootRecord.contractNumber,
      parent: root,
      version: 1,
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().fields.parent).toBe(CONTRACT_PARENT_ITSELF_MESSAGE);
    const cycle = await send('PUT', `/api/contract/${root}`, {
      ...(await contractPayload(testApp.db)),
      contractNumber: rootRecord.contractNumber,
      parent: grandchild,
      version: 1,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().fields.parent).toBe(CONTRACT_PARENT_CYCLE_MESSAGE);

    // a contract with children stays; a leaf goes
    const refused = await send('DELETE', `/api/contract/${root}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(CONTRACT_IN_USE_MESSAGE);
    expect((await send('DELETE', `/api/contract/${grandchild}`)).json()).toEqual({ success: true });
    expect((await send('GET', `/api/contract/${grandchild}`)).statusCode).toBe(404);
  });

  it('lists the markets of the contract (Contractor agreement); a contract with markets or envelopes stays', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin);
    const marketId = await createMarket(testApp.app, testApp.db, admin);
    await createMarket(testApp.app, testApp.db, admin);
    await testApp.db.update(markets).set({ contractId }).where(eq(markets.id, marketId));
    const list = (await send('GET', `/api/contract/${contractId}/markets`)).json();
    expect(list.content.map((row: { id: number }) => row.id)).toEqual([marketId]);
    expect((await send('DELETE', `/api/contract/${contractId}`)).json().error).toBe(CONTRACT_IN_USE_MESSAGE);

    const withEnvelope = await createContract(testApp.app, testApp.db, admin);
    await createEnvelope(testApp.app, testApp.db, admin, withEnvelope);
    expect((await send('DELETE', `/api/contract/${withEnvelope}`)).statusCode).toBe(422);
  });

  it('keeps a subcontractor (visibility 4) to the contracts of its agencies', async () => {
    const agencyIds = (await testApp.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id))).map(
      (row) => row.id,
    );
    const mine = (await testApp.db.execute(sql`SELECT agency_id AS "id" FROM user_agencies ua JOIN users u ON u.id = ua.user_id
      WHERE u.uid = 'sst' ORDER BY agency_id`)) as unknown as { rows: { id: number }[] };
    const own = mine.rows.map((row) => Number(row.id));
    const other = agencyIds.find((id) => !own.includes(id));
    const hidden = await createContract(testApp.app, testApp.db, admin, { agency: other });
    const hiddenEnvelope = await createEnvelope(testApp.app, testApp.db, admin, hidden);
    const reader = await actingAs(testApp, { read: ['contract', 'envelope'], visibility: 4 });
    expect((await send('GET', `/api/contract/${hidden}`, undefined, reader.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/envelope/${hiddenEnvelope}`, undefined, reader.token)).statusCode).toBe(404);
    const listed = (await send('GET', '/api/contracts?size=200', undefined, reader.token)).json();
    expect(listed.content.map((row: { id: number }) => row.id)).not.toContain(hidden);
    const envelopesListed = (await send('GET', '/api/envelope/all?size=200', undefined, reader.token)).json();
    expect(envelopesListed.content.map((row: { id: number }) => row.id)).not.toContain(hiddenEnvelope);
    expect((await send('GET', `/api/contract/${hidden}`, undefined, sst)).statusCode).toBe(403);
  });
});
