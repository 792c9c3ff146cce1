import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatCsvNumber, type ListQuery, type Locale } from '@isf/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { units } from '../src/db/schema/index.js';
import { contractList } from '../src/modules/contracts/index.js';
import { depositList } from '../src/modules/deposits/index.js';
import { orderList } from '../src/modules/orders/index.js';
import { projectList } from '../src/modules/projects/index.js';
import { userList } from '../src/modules/users/index.js';
import { sanitizeCsvValue } from '../src/platform/csv-export.js';
import {
  buildOrderBy,
  buildPageStatement,
  buildWhere,
  type ListDefinition,
  parseListQuery,
} from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';
import { createTestApp, inject, login, type TestApp, uniqueName, userIdOf } from './helper.js';

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

  it('answers the error in JSON, not a broken file, when the database refuses the query at once', async () => {
    // a date the form's pattern lets through but PostgreSQL refuses when it runs the COPY
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/evaluation/export',
      token: admin,
      payload: { start_date: '2026-02-30' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 400 in JSON, not a broken file, when a filter column is unknown', async () => {
    const response = await exportUnits({ filters: JSON.stringify({ secret: 'x' }) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().detail).toBe('La colonne secret ne peut pas être filtrée.');
  });
});

/**
 * The exporter this one replaced (OFFSET batches of rows turned into objects, csv-stringify), kept as
 * the oracle of the COPY export, with two corrections: numeric cells in the locale's number format (issue
 * 11), and a cell holding a lone line feed or carriage return quoted (the former wrote it bare, as
 * `record_delimiter: '\r\n'` turns csv-stringify's `quote_record_delimiter` off, so a spreadsheet split
 * the row there; COPY quotes it, as RFC 4180 asks).
 */
async function formerCsv(
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  selectedIds: number[],
  locale: Locale,
): Promise<Buffer> {
  const where = buildWhere(definition, query, principal, { selectedIds, reading: 'every' });
  const orderBy = buildOrderBy(definition, query.sort);
  const columns = Object.entries(definition.columns).filter(([, column]) => !column.hiddenInCsv);
  const names = columns.map(([name]) => name);
  const numericKinds = new Set(['id', 'number', 'money']);
  const records: Record<string, string>[] = [];
  const batch = 7;
  for (let offset = 0; ; offset += batch) {
    const result = (await db.execute(
      buildPageStatement(definition, query, { where, orderBy, limit: batch, offset, columns: names }),
    )) as unknown as { rows: Record<string, unknown>[] };
    for (const row of result.rows) {
      const record: Record<string, string> = {};
      for (const [name, column] of columns) {
        const numeric = numericKinds.has(column.kind);
        const text = sanitizeCsvValue(row[name], numeric);
        record[name] = numeric ? formatCsvNumber(text, locale) : text;
      }
      records.push(record);
    }
    if (result.rows.length < batch) {
      break;
    }
  }
  return Buffer.from(
    stringify(records, {
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      quote_record_delimiter: true,
      header: true,
      columns: columns.map(([name, column]) => ({ key: name, header: column.label })),
    }),
  );
}

/** Cells that test the format: separators, quotes, line breaks, formula starts, accents, empty texts. */
const TRICKY_TEXTS = [
  '=SUM(A1:A2) Fixture CSV',
  '+33 Fixture CSV',
  '-12 Fixture CSV',
  '@cmd Fixture CSV',
  '\tTabulation Fixture CSV',
  '\rRetour Fixture CSV',
  'Écluse à Noël ; çà Fixture CSV',
  'Dit "guillemets" Fixture CSV',
  'Ligne 1\nLigne 2 Fixture CSV',
  'Ligne 1\r\nLigne 2 ; "x" Fixture CSV',
];

describe('CSV export: the same bytes as the former exporter', () => {
  let fixtureOrders: number[] = [];

  beforeAll(async () => {
    const db = testApp.db;
    const rows = (await db.execute(sql`SELECT id FROM orders ORDER BY id LIMIT ${TRICKY_TEXTS.length}`)) as unknown as {
      rows: { id: number }[];
    };
    fixtureOrders = rows.rows.map((row) => row.id);
    for (const [index, id] of fixtureOrders.entries()) {
      const text = TRICKY_TEXTS[index] ?? '';
      const other = TRICKY_TEXTS[(index + 5) % TRICKY_TEXTS.length] ?? '';
      const third = TRICKY_TEXTS[(index + 7) % TRICKY_TEXTS.length] ?? '';
      await db.execute(sql`UPDATE orders SET name = ${text}, main_client = ${other},
        client_market = ${index % 3 === 0 ? null : third}, client_bdc = ${index % 2 === 0 ? '' : third},
        total = ${`${index * 1000}.${String(index * 7).padStart(2, '0')}`}, total_ttc = ${index % 4 === 0 ? '0.00' : `-${index}.5`},
        end_date = ${`2025-0${(index % 9) + 1}-1${index % 10}`}, delivery_date = ${index % 2 === 0 ? null : '2025-06-30'}
        WHERE id = ${id}`);
    }
    // instants with microseconds, the same on both databases
    for (const table of ['orders', 'contracts', 'deposits']) {
      await db.execute(
        sql`UPDATE ${sql.identifier(table)} SET created_at = timestamptz '2025-01-01 00:00:00.000123+00' + id * interval '1 day 1 hour 1 minute 1.001001 second'`,
      );
    }
  });

  async function principalOf(username: string): Promise<Principal | null> {
    return testApp.app.principals.get(await userIdOf(testApp.db, username));
  }

  async function expectSameBytes(
    app: FastifyInstance,
    url: string,
    definition: ListDefinition,
    payload: Record<string, string>,
    username: string,
    locale: Locale,
    expectedRows?: number,
  ): Promise<string> {
    const token = await login(app, username, username);
    const response = await inject(app, { method: 'POST', url, token, payload });
    expect(response.statusCode, response.body).toBe(200);
    const { ids, filter: _filter, ...wire } = payload;
    const query = parseListQuery({ ...wire, page: 0, size: 1 });
    const selected = ids ? ids.split(',').map(Number) : [];
    const oracle = await formerCsv(testApp.db, definition, query, await principalOf(username), selected, locale);
    expect(response.rawPayload.toString('utf8')).toBe(oracle.toString('utf8'));
    expect(response.rawPayload.equals(oracle)).toBe(true);
    if (expectedRows !== undefined) {
      expect(rowsOf(response)).toHaveLength(expectedRows);
    }
    return response.rawPayload.toString('utf8');
  }

  it('orders: every column kind (money, dates, formula starts, ; " line breaks, accents, nulls)', async () => {
    const body = await expectSameBytes(testApp.app, '/api/orders/csv', orderList, { filter: 'all' }, 'admin', 'fr');
    expect(body).toContain(`;'=SUM(A1:A2) Fixture CSV;`);
    expect(body).toContain(`;"Ligne 1\nLigne 2 Fixture CSV";`);
    expect(body).toContain(';1000,07;-1,50;');
    expect(body).toContain(';2025-02-11;2025-06-30;');
    expect(body).toMatch(/;2025-01-0\d \d\d:\d\d:\d\d\.\d{6}\+00\r\n/);
  });

  it('orders: a text filter, a sort on a date with nulls, the selected ids', async () => {
    await expectSameBytes(
      testApp.app,
      '/api/orders/csv',
      orderList,
      { filter: 'all', filters: JSON.stringify({ name: 'fixture csv' }), sort: 'deliveryDate,desc' },
      'admin',
      'fr',
      fixtureOrders.length,
    );
    await expectSameBytes(
      testApp.app,
      '/api/orders/csv',
      orderList,
      { filter: 'all', ids: fixtureOrders.slice(1, 4).join(','), sort: 'totalTTC,asc' },
      'admin',
      'fr',
      3,
    );
  });

  it('orders, contracts, projects in the scope of a project manager; deposits and users sorted on a column', async () => {
    await expectSameBytes(testApp.app, '/api/orders/csv', orderList, { filter: 'all', sort: 'totalTTC,desc' }, 'cdp', 'fr');
    await expectSameBytes(testApp.app, '/api/contracts/csv', contractList, {}, 'cdp', 'fr');
    await expectSameBytes(testApp.app, '/api/contracts/csv', contractList, { sort: 'createdAt,desc' }, 'admin', 'fr');
    await expectSameBytes(testApp.app, '/api/project/csv', projectList, { sort: 'name,asc' }, 'cdp', 'fr');
    await expectSameBytes(testApp.app, '/api/deposit/csv', depositList, { sort: 'amount,desc' }, 'admin', 'fr');
    await expectSameBytes(testApp.app, '/api/user/csv', userList, { sort: 'name,desc' }, 'admin', 'fr');
  });

  it('writes no row, only the header, when nothing matches', async () => {
    const body = await expectSameBytes(
      testApp.app,
      '/api/orders/csv',
      orderList,
      { filter: 'all', filters: JSON.stringify({ name: uniqueName('personne') }) },
      'admin',
      'fr',
      0,
    );
    expect(body.split('\r\n')).toHaveLength(2);
  });

  it('writes the numbers with a decimal point in the English build', async () => {
    const english = await testApp.variant({ locale: 'en' });
    const body = await expectSameBytes(english, '/api/orders/csv', orderList, { filter: 'all' }, 'admin', 'en');
    expect(body).toContain(';1000.07;-1.50;');
  });
});

describe('CSV export: a download the client abandons', () => {
  it('stops the copy and gives its database connection up', async () => {
    const prefix = uniqueName('Abandon');
    const client = (testApp.db as unknown as { $client: unknown }).$client;
    // on PostgreSQL about 20 MB of CSV: more than the sockets buffer, so the copy is still running when the
    // client leaves (PGlite writes its blob whole before the reply: fewer rows keep the test short)
    const count = client instanceof pg.Pool ? 120_000 : 20_000;
    await testApp.db.execute(
      sql`INSERT INTO units (name) SELECT ${prefix} || ' ' || g || ' ' || repeat('x', 150) FROM generate_series(1, ${count}::int) g`,
    );
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const body = JSON.stringify({ filters: JSON.stringify({ name: prefix }) });
    const received = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/unit/csv',
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      request.end(body);
    });
    expect(received).toBeGreaterThan(0);
    if (client instanceof pg.Pool) {
      // no connection left checked out, and no COPY left running on the server
      await expect
        .poll(
          async () => {
            const running = (await testApp.db.execute(
              sql`SELECT count(*)::int AS running FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (%' AND state <> 'idle'`,
            )) as unknown as { rows: { running: number }[] };
            return { checkedOut: client.totalCount - client.idleCount, running: running.rows[0]?.running };
          },
          { timeout: 10_000, interval: 100 },
        )
        .toEqual({ checkedOut: 0, running: 0 });
    }
    // the database answers the next export whole
    const rows = rowsOf(await exportUnits({ filters: JSON.stringify({ name: prefix }), sort: 'id,asc' }));
    expect(rows).toHaveLength(count);
  });
});
