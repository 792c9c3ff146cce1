import { LIST_COUNT_CAP } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../src/db/schema/index.js';
import { attachmentList } from '../src/modules/attachments/index.js';
import { orderList } from '../src/modules/orders/index.js';
import { access } from '../src/platform/access.js';
import {
  buildListStatements,
  buildWhere,
  configureLists,
  datePrefixRange,
  defineList,
  inTotalsSlot,
  type ListDefinition,
  parseListQuery,
} from '../src/platform/list-engine.js';
import { registerList } from '../src/platform/list-routes.js';
import { createPrincipalLoader } from '../src/platform/principal.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, inject, login, type TestApp, uniqueName, userIdOf } from './helper.js';

type Reply = {
  content: { id: number }[];
  totalElements: number;
  totalCapped?: true;
  summary?: Record<string, string>;
  summaryTimedOut?: true;
};

let testApp: TestApp;
let app: FastifyInstance;
let admin: string;
const dialect = new PgDialect();

/** A list of `size` generated rows: a timestamp and a date every 7 hours from 2024-12-31 12:00, an amount. */
function seriesList(name: string, size: number, extra: ListDefinition['columns'] = {}): ListDefinition {
  return defineList({
    name,
    from: sql.raw(`generate_series(1, ${size}) AS g(id)`),
    idColumn: 'id',
    columns: {
      id: { sql: sql`g.id`, kind: 'id', label: 'ID' },
      at: { sql: sql`(timestamp '2024-12-31 12:00' + g.id * interval '7 hours')`, kind: 'date', label: 'Le' },
      day: { sql: sql`(timestamp '2024-12-31 12:00' + g.id * interval '7 hours')::date`, kind: 'date', label: 'Jour' },
      amount: { sql: sql`((g.id % 100) + 0.25)::numeric(12, 2)`, kind: 'money', label: 'Montant', summable: true },
      ...extra,
    },
    defaultSort: { column: 'id', direction: 'asc' },
  });
}

const series = seriesList('test-series', 12_345);
const unitTotals = defineList({
  name: 'test-unit-totals',
  from: sql`units u`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`u.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`u.name`, kind: 'text', label: 'Nom' },
    length: { sql: sql`length(u.name)`, kind: 'number', label: 'Longueur', summable: true },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  // a total that fails as a statement timeout would, and counts how often that happened
  await testApp.db.execute(sql`CREATE SEQUENCE IF NOT EXISTS test_cancelled_total_calls`);
  await testApp.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_cancelled_total(value integer) RETURNS numeric LANGUAGE plpgsql AS $$
      BEGIN
        -- the last row only: a page of the first rows reads the column without failing
        IF value < 100 THEN
          RETURN 0;
        END IF;
        PERFORM nextval('test_cancelled_total_calls');
        RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = 'query_canceled';
      END $$`),
  );
  const read = access.right('user', 'read');
  app = await testApp.variant({}, (unready) => {
    registerList(unready, testApp.db, { path: '/api/test-series', access: read, definition: series });
    registerList(unready, testApp.db, {
      path: '/api/test-series-at-cap',
      access: read,
      definition: seriesList('test-series-at-cap', LIST_COUNT_CAP),
    });
    registerList(unready, testApp.db, {
      path: '/api/test-series-cancelled',
      access: read,
      definition: seriesList('test-series-cancelled', 100, {
        cancelled: { sql: sql`test_cancelled_total(g.id)`, kind: 'money', label: 'Annulé', summable: true },
      }),
    });
    registerList(unready, testApp.db, { path: '/api/test-unit-totals', access: read, definition: unitTotals });
  });
});

afterEach(() => {
  configureLists(testApp.db, undefined);
});

afterAll(async () => {
  await testApp.close();
});

async function get(url: string, query: Record<string, string | object> = {}, token = admin): Promise<Reply> {
  const wire = Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
  const response = await inject(app, { method: 'GET', url, query: wire, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Reply>();
}

async function count(definition: ListDefinition, filters: Record<string, string>, principal = null): Promise<number> {
  const where = buildWhere(definition, { filters }, principal);
  const [row] = await rowsOf(testApp.db, sql`SELECT count(*)::int AS n FROM ${definition.from} WHERE ${where}`);
  return Number(row?.n);
}

describe('the count of a list, capped', () => {
  it(`counts exactly up to ${LIST_COUNT_CAP} rows and says "more than" beyond`, async () => {
    const capped = await get('/api/test-series');
    expect(capped.totalElements).toBe(LIST_COUNT_CAP);
    expect(capped.totalCapped).toBe(true);
    expect(capped.content.map((row) => row.id)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));

    const atCap = await get('/api/test-series-at-cap');
    expect(atCap.totalElements).toBe(LIST_COUNT_CAP);
    expect(atCap).not.toHaveProperty('totalCapped');

    const cases: Record<string, string>[] = [{ day: '2025-03' }, { at: '2025' }, { id: '5,7,9' }, { amount: '42.25' }];
    for (const filters of cases) {
      const exact = await count(series, filters);
      expect(exact, JSON.stringify(filters)).toBeLessThan(LIST_COUNT_CAP);
      const reply = await get('/api/test-series', { filters, size: '5' });
      expect(reply.totalElements, JSON.stringify(filters)).toBe(exact);
      expect(reply, JSON.stringify(filters)).not.toHaveProperty('totalCapped');
    }
  });

  it('counts to the end of a page asked beyond the cap, exactly when the page reaches the last row', async () => {
    // rows 12,001 to 12,050: at least 12,050 rows, more after them
    const far = await get('/api/test-series', { page: '240' });
    expect(far.content.map((row) => row.id)).toEqual(Array.from({ length: 50 }, (_, index) => 12_001 + index));
    expect(far).toMatchObject({ totalElements: 12_050, totalCapped: true });
    // the last page, and a page past the end: the exact count, so the screen goes back to the last page
    const last = await get('/api/test-series', { page: '246' });
    expect(last.content).toHaveLength(45);
    expect(last.totalElements).toBe(12_345);
    expect(last).not.toHaveProperty('totalCapped');
    expect(await get('/api/test-series', { page: '300' })).toEqual({ content: [], totalElements: 12_345 });
  });

  it('counts the rows of the caller scope and filters exactly below a configured cap, capped above it', async () => {
    configureLists(testApp.db, { countCap: 5 });
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const principal = await createPrincipalLoader(testApp.db).get(await userIdOf(testApp.db, 'cdp'));
    expect(await get('/api/projects', { size: '2' })).toMatchObject({ totalElements: 5, totalCapped: true });
    expect(await get('/api/projects', { size: '2' }, cdp)).toMatchObject({ totalElements: 5, totalCapped: true });
    const ids = (await get('/api/projects', { size: '3' }, cdp)).content.map((row) => row.id);
    const few = await get('/api/projects', { filters: { id: ids.join(',') } }, cdp);
    expect(few.totalElements).toBe(3);
    expect(few).not.toHaveProperty('totalCapped');
    // a page further than the cap counts to its end: whether a next page exists stays exact
    const { projectList } = await import('../src/modules/projects/index.js');
    const inScope = await rowsOf(
      testApp.db,
      sql`SELECT count(*)::int AS n FROM ${projectList.from} WHERE ${buildWhere(projectList, { filters: {} }, principal)}`,
    );
    expect(Number(inScope[0]?.n)).toBe(6);
    expect(await get('/api/projects', { size: '2', page: '2' }, cdp)).toMatchObject({ totalElements: 6 });
    expect(await get('/api/projects', { size: '2', page: '2' }, cdp)).not.toHaveProperty('totalCapped');
    expect(await get('/api/projects', { size: '2', page: '3' })).toMatchObject({ totalElements: 8, totalCapped: true });
  });

  it('counts over a subquery that stops after the cap', () => {
    const { count: statement, countLimit } = buildListStatements(series, parseListQuery({ page: '3', size: '50' }), null);
    const text = dialect.sqlToQuery(statement);
    expect(countLimit).toBe(LIST_COUNT_CAP);
    expect(text.sql).toMatch(/^SELECT count\(\*\)::bigint AS __count FROM \(SELECT 1 FROM .* LIMIT \$\d+\) AS capped$/);
    expect(text.params).toContain(LIST_COUNT_CAP + 1);
  });
});

describe('the totals row, asked apart', () => {
  it('answers summary=only with the totals alone, the same as summary=true', async () => {
    const only = await get('/api/test-series', { summary: 'only', filters: { day: '2025-02' } });
    expect(Object.keys(only)).toEqual(['summary']);
    const [expected] = await rowsOf(
      testApp.db,
      sql`SELECT sum((g.id % 100) + 0.25)::numeric(14, 2)::text AS amount FROM generate_series(1, 12345) AS g(id)
          WHERE (timestamp '2024-12-31 12:00' + g.id * interval '7 hours')::date BETWEEN '2025-02-01' AND '2025-02-28'`,
    );
    expect(only.summary).toEqual({ amount: expected?.amount });
    const full = await get('/api/test-series', { summary: 'true', filters: { day: '2025-02' } });
    expect(full.summary).toEqual(only.summary);
    expect(full.content.length).toBeGreaterThan(0);
    // over every row, not capped as the count is
    const all = await get('/api/test-series', { summary: 'only' });
    const [whole] = await rowsOf(
      testApp.db,
      sql`SELECT sum((g.id % 100) + 0.25)::numeric(14, 2)::text AS amount FROM generate_series(1, 12345) AS g(id)`,
    );
    expect(all.summary).toEqual({ amount: whole?.amount });
  });

  it('answers 400 for a summary that is neither true, false nor only', async () => {
    const response = await inject(app, { method: 'GET', url: '/api/test-series', query: { summary: 'all' }, token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Le paramètre summary vaut true, false ou only.');
  });

  it.each([
    ['no filter', {}],
    ['a text filter on the base table', { reference: 'a' }],
    ['a text filter on a joined column', { agencyName: 'a' }],
    ['an id filter', { marketId: '1,2,3,4' }],
    ['a node filter', { nodeCode: 'os_validated' }],
    ['a null filter', { deliveryDate: 'null' }],
    ['an enum filter', { oracleStatus: 'SENT' }],
    ['a not-null filter', { followerName: 'notnull' }],
    ['a date filter', { createdAt: String(new Date().getFullYear()) }],
  ] as const)('gives the orders and attachments totals of the former full aggregate: %s', async (_case, filters) => {
    const loader = createPrincipalLoader(testApp.db);
    for (const uid of ['admin', 'cdp', 'sst']) {
      const token = await login(testApp.app, uid, uid);
      const principal = await loader.get(await userIdOf(testApp.db, uid));
      for (const [path, definition, own] of [
        ['/api/orders', orderList, filters],
        // the attachments list names the order's columns otherwise: its own filters of the same kinds
        ['/api/attachements', attachmentList, attachmentFilters(filters)],
      ] as const) {
        const summable = Object.entries(definition.columns).filter(([, column]) => column.summable);
        // what runList sent before: one aggregate over the whole FROM, with the count
        const [former] = await rowsOf(
          testApp.db,
          sql`SELECT count(*)::int AS __count, ${sql.join(
            summable.map(([name, column]) => sql`coalesce(sum(${column.sql}), 0)::text AS ${sql.identifier(name)}`),
            sql`, `,
          )} FROM ${definition.from} WHERE ${buildWhere(definition, { filters: own }, principal)}`,
        );
        const { __count, ...expected } = former ?? {};
        const label = `${path} ${uid} ${JSON.stringify(own)}`;
        const only = await get(path, { summary: 'only', filters: own }, token);
        expect(only.summary, label).toEqual(expected);
        const page = await get(path, { filters: own }, token);
        expect(page.totalElements, label).toBe(__count);
        expect(page, label).not.toHaveProperty('summary');
      }
    }
    // the demo data must make some of these cases non-trivial
    const everything = await get('/api/orders', { summary: 'only' });
    expect(Number(everything.summary?.total)).toBeGreaterThan(0);
  });

  it('answers summaryTimedOut when the totals statement is cancelled, and keeps that answer a while', async () => {
    const calls = async () =>
      Number(
        (
          await rowsOf(
            testApp.db,
            sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS last_value FROM test_cancelled_total_calls`,
          )
        )[0]?.last_value,
      );
    const before = await calls();
    expect(await get('/api/test-series-cancelled', { summary: 'only' })).toEqual({ summaryTimedOut: true });
    const page = await get('/api/test-series-cancelled', { summary: 'true', size: '3' });
    expect(page).toMatchObject({ totalElements: 100, summaryTimedOut: true });
    expect(page.content).toHaveLength(3);
    expect(page).not.toHaveProperty('summary');
    // the second request reused the first one's outcome instead of running the statement again
    expect((await calls()) - before).toBe(1);
    // another condition is another statement
    expect(await get('/api/test-series-cancelled', { summary: 'only', filters: { id: '99,100' } })).toEqual({
      summaryTimedOut: true,
    });
    expect((await calls()) - before).toBe(2);
    expect(await get('/api/test-series-cancelled', { summary: 'only', filters: { id: '98,99' } })).toEqual({
      summary: { amount: '197.50', cancelled: '0' },
    });
  });

  it('recomputes quick totals at every request, and keeps slow ones for the same condition only', async () => {
    const name = uniqueName('Totaux');
    const filters = { name };
    await testApp.db.insert(units).values({ name });
    const first = await get('/api/test-unit-totals', { summary: 'only', filters });
    expect(first.summary).toEqual({ length: String(name.length) });
    await testApp.db.insert(units).values({ name: `${name}-2` });
    // quick totals (the default: cached from 500 ms) are exact after a write
    expect((await get('/api/test-unit-totals', { summary: 'only', filters })).summary).toEqual({
      length: String(name.length * 2 + 2),
    });
    // totals counted as slow are reused for the same list and condition while they are kept
    configureLists(testApp.db, { totalsCachedFromMs: 0, totalsCacheMs: 60_000 });
    const kept = await get('/api/test-unit-totals', { summary: 'only', filters });
    await testApp.db.insert(units).values({ name: `${name}-3` });
    expect(await get('/api/test-unit-totals', { summary: 'only', filters })).toEqual(kept);
    expect((await get('/api/test-unit-totals', { summary: 'only', filters: { name: `${name}-` } })).summary).toEqual({
      length: String((name.length + 2) * 2),
    });
    configureLists(testApp.db, { totalsCachedFromMs: 0, totalsCacheMs: 0 });
    expect((await get('/api/test-unit-totals', { summary: 'only', filters })).summary).toEqual({
      length: String(name.length * 3 + 4),
    });
  });
});

describe('totals statements at once', () => {
  it('runs at most the configured number of totals statements per database, the others in turn', async () => {
    const database = {} as Parameters<typeof inTotalsSlot>[0];
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`end ${name}`);
      running -= 1;
      if (name === 'b') {
        throw new Error('b failed');
      }
      return name;
    };
    const results = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((name) => inTotalsSlot(database, 2, work(name))));
    expect(most).toBe(2);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    // a failed statement hands its slot over too
    expect(events.indexOf('start c')).toBeGreaterThan(Math.min(events.indexOf('end a'), events.indexOf('end b')));
    expect(await inTotalsSlot(database, 1, async () => 'free again')).toBe('free again');
  });
});

describe('date filters as ranges', () => {
  it.each([
    ['2025', { from: '2025-01-01', to: '2026-01-01' }],
    ['2025-10', { from: '2025-10-01', to: '2025-11-01' }],
    ['2025-12', { from: '2025-12-01', to: '2026-01-01' }],
    ['2024-02-29', { from: '2024-02-29', to: '2024-03-01' }],
    ['2025-12-31', { from: '2025-12-31', to: '2026-01-01' }],
    ['2025-1', undefined],
    ['2025-02-29', undefined],
    ['2025-13', undefined],
    ['2025-10-03 14', undefined],
    ['03/10/2025', undefined],
  ])('reads %s as %o', (prefix, range) => {
    expect(datePrefixRange(prefix)).toEqual(range);
  });

  it('compares the column itself with the range, no cast, and matches the rows of the former prefix match', async () => {
    const query = parseListQuery({ filters: JSON.stringify({ at: '2025-10' }) });
    const where = dialect.sqlToQuery(buildWhere(series, query, null));
    expect(where.sql).toBe(
      "(timestamp '2024-12-31 12:00' + g.id * interval '7 hours') >= $1 AND (timestamp '2024-12-31 12:00' + g.id * interval '7 hours') < $2",
    );
    expect(where.params).toEqual(['2025-10-01', '2025-11-01']);
    for (const column of ['at', 'day'] as const) {
      for (const prefix of ['2025', '2025-10', '2025-10-03', '2025-12-31', '2026-01-01', '2025-1', '2025-02-30', '2031']) {
        const former = await rowsOf(
          testApp.db,
          sql`SELECT g.id FROM ${series.from} WHERE ${series.columns[column]?.sql as SQL}::text LIKE ${`${prefix}%`} ORDER BY g.id`,
        );
        const reply = await get('/api/test-series', { filters: { [column]: prefix }, size: '200' });
        const ids = former.map((row) => Number(row.id));
        expect(reply.totalElements, `${column} ${prefix}`).toBe(ids.length);
        expect(
          reply.content.map((row) => row.id),
          `${column} ${prefix}`,
        ).toEqual(ids.slice(0, 200));
      }
    }
  });
});

function attachmentFilters(filters: Readonly<Record<string, string>>): Record<string, string> {
  const names: Record<string, string> = {
    reference: 'reference',
    agencyName: 'agencyName',
    marketId: 'marketId',
    nodeCode: 'nodeCode',
    deliveryDate: 'rgReleaseDate',
    followerName: 'followerName',
    createdAt: 'createdAt',
  };
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [names[name] ?? name, value]));
}
