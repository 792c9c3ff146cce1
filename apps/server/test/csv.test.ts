import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../src/db/schema/index.js';
import { createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp.close();
});

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function exportUnits(payload: Record<string, string>, token: string | undefined = admin) {
  return inject(testApp.app, { method: 'POST', url: '/api/unit/csv', token, payload });
}

/** Parses a CSV answer as French Excel would read it: BOM, `;`, CRLF. */
function records(response: LightMyRequestResponse): string[][] {
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.rawPayload, { bom: true, delimiter: ';', record_delimiter: '\r\n', relax_column_count: false });
}

function rowsOf(response: LightMyRequestResponse): string[][] {
  return records(response).slice(1);
}

async function createUnit(name: string): Promise<number> {
  const response = await inject(testApp.app, { method: 'POST', url: '/api/unit', token: admin, payload: { name } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

describe('CSV export', () => {
  it('streams text/csv with a UTF-8 BOM, ; separators, CRLF line ends and French headers', async () => {
    const response = await exportUnits({});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="units\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(UTF8_BOM);
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(text.startsWith('ID;Nom;Code Oracle\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('1;Mètre linéaire;ML\r\n');
    expect(records(response)[0]).toEqual(['ID', 'Nom', 'Code Oracle']);
  });

  it('exports every row of the filtered query, not one page, in the asked order', async () => {
    const prefix = uniqueName('Export');
    const names = Array.from({ length: 260 }, (_, index) => `${prefix} ${String(index).padStart(3, '0')}`);
    await testApp.db.insert(units).values(names.map((name) => ({ name })));
    const response = await exportUnits({
      filters: JSON.stringify({ name: prefix }),
      sort: 'name,desc',
      page: '3',
      size: '10',
    });
    const rows = rowsOf(response);
    expect(rows).toHaveLength(260);
    expect(rows.map((row) => row[1])).toEqual([...names].reverse());
  });

  it('exports only the selected ids when ids are given', async () => {
    const first = await createUnit(uniqueName('Choisie'));
    const second = await createUnit(uniqueName('Choisie'));
    await createUnit(uniqueName('Non choisie'));
    const rows = rowsOf(await exportUnits({ ids: `${first},${second}` }));
    expect(rows.map((row) => Number(row[0]))).toEqual([first, second]);
  });

  it('answers 400 when the selection is not a list of ids', async () => {
    const response = await exportUnits({ ids: '1,abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('ids');
  });

  it('prefixes with a quote the text values that a spreadsheet would run as a formula', async () => {
    const dangerous = ['=HYPERLINK("x")', `+${uniqueName('plus')}`, `-${uniqueName('moins')}`, `@${uniqueName('arobase')}`];
    const ids = [];
    for (const name of dangerous) {
      ids.push(await createUnit(name));
    }
    const response = await exportUnits({ ids: ids.join(',') });
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
    const rows = rowsOf(response);
    expect(rows.map((row) => row[1])).toEqual(dangerous.map((name) => `'${name}`));
    expect(rows.map((row) => row[0])).toEqual(ids.map(String));
  });

  it('accepts the token as a form field, as a browser download posts it', async () => {
    const form = new URLSearchParams({ token: admin, filters: JSON.stringify({ name: 'mètre' }) }).toString();
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/unit/csv',
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(rowsOf(response).map((row) => row[1])).toEqual(['Mètre linéaire', 'Mètre carré', 'Kilomètre']);
  });

  it('answers 401 to a form post whose token field is not valid', async () => {
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/unit/csv',
      payload: 'token=forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('keeps to the visibility scope of the caller', async () => {
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/project/csv',
      token: await login(testApp.app, 'cdp', 'cdp'),
      payload: {},
    });
    expect(rowsOf(response)).toHaveLength(6);
  });

  it('answers 400 in JSON, not a broken file, when a filter column is unknown', async () => {
    const response = await exportUnits({ filters: JSON.stringify({ secret: 'x' }) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().detail).toBe('La colonne secret ne peut pas être filtrée.');
  });
});
