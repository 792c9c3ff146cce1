import { readFileSync } from 'node:fs';
import { MARKET_CONTRACT_AGENCY_MESSAGE, MESSAGES_FR } from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, markets } from '../src/db/schema/index.js';
import { contractPayload, createContract } from './contracts-fixtures.js';
import { createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { createMarket, marketPayload } from './markets-fixtures.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

const detail = async (id: number) =>
  (await inject(testApp.app, { method: 'GET', url: `/api/market/${id}`, token: admin })).json<{
    contract: number | null;
    contractNumber: string | null;
    version: number;
  }>();

describe('market ↔ contract', () => {
  it('takes the contract chosen and its number; the contract lists the market; a renamed contract renames it', async () => {
    const number = uniqueName('CT');
    const contractId = await createContract(testApp.app, testApp.db, admin, { contractNumber: number });
    // a number typed as well is not the market's: the chosen contract's is
    const marketId = await createMarket(testApp.app, testApp.db, admin, { contract: contractId, contractNumber: 'TAPÉ' });
    expect(await detail(marketId)).toMatchObject({ contract: contractId, contractNumber: number });
    const listed = await inject(testApp.app, { method: 'GET', url: `/api/contract/${contractId}/markets`, token: admin });
    expect(listed.json().content.map((row: { id: number }) => row.id)).toEqual([marketId]);

    const renamed = uniqueName('CT');
    const update = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/contract/${contractId}`,
      token: admin,
      payload: { ...(await contractPayload(testApp.db, { contractNumber: renamed })), version: 1 },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await detail(marketId)).contractNumber).toBe(renamed);

    // the contract cleared: the market keeps the number it had
    const market = await detail(marketId);
    const cleared = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/market/${marketId}`,
      token: admin,
      payload: {
        ...(await marketPayload(testApp.db)),
        edifice: uniqueName('MARCHE'),
        contract: null,
        contractNumber: renamed,
        version: market.version,
      },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await detail(marketId)).toMatchObject({ contract: null, contractNumber: renamed });
  });

  it('refuses with 400 a contract of another agency, or one that does not exist', async () => {
    const [, other] = await testApp.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(2);
    const elsewhere = await createContract(testApp.app, testApp.db, admin, { agency: other?.id });
    const foreign = await inject(testApp.app, {
      method: 'POST',
      url: '/api/market/create',
      token: admin,
      payload: await marketPayload(testApp.db, { contract: elsewhere }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ contract: MARKET_CONTRACT_AGENCY_MESSAGE });
    const unknown = await inject(testApp.app, {
      method: 'POST',
      url: '/api/market/create',
      token: admin,
      payload: await marketPayload(testApp.db, { contract: 999999 }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ contract: MESSAGES_FR['validation.selectItem'] });
  });

  it('migration 0045 links a market typed before to the contract of its agency with that number, and no other', async () => {
    const number = uniqueName('CT');
    const contractId = await createContract(testApp.app, testApp.db, admin, { contractNumber: number });
    const typed = await createMarket(testApp.app, testApp.db, admin, { contractNumber: number });
    const [, other] = await testApp.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(2);
    const otherAgency = await createMarket(testApp.app, testApp.db, admin, { contractNumber: number, agency: other?.id });
    const unmatched = await createMarket(testApp.app, testApp.db, admin, { contractNumber: uniqueName('AUCUN') });
    expect((await detail(typed)).contract).toBeNull();
    const migration = readFileSync(new URL('../src/db/migrations/0045_market_contract_links.sql', import.meta.url), 'utf8');
    await testApp.db.execute(sql.raw(migration));
    const linked = async (id: number) =>
      (await testApp.db.select({ contractId: markets.contractId }).from(markets).where(eq(markets.id, id)))[0]?.contractId;
    expect(await linked(typed)).toBe(contractId);
    expect(await linked(otherAgency)).toBeNull();
    expect(await linked(unmatched)).toBeNull();
  });
});
