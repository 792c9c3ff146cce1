import type { ListQuery } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentList } from '../src/modules/attachments/index.js';
import { orderList } from '../src/modules/orders/index.js';
import {
  buildListStatements,
  configureLists,
  defineList,
  type ListDefinition,
  type PageQuery,
  parseListQuery,
  runList,
} from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, type TestApp, userIdOf } from './helper.js';

/**
 * Issue 14, deep pages (docs/decisions.md "Deep pages"): a page past a page served before starts from that
 * page's first or last row (keyset) instead of skipping its whole offset. Every page of walks forward,
 * backward and by jumps is compared with the former statements (OFFSET, the count to the end of the page),
 * on a table with NULLs, ties, accents, timestamps and a joined column, and on the orders and attachments
 * lists of the demo data for an administrator and a project manager.
 */
let testApp: TestApp;
const COUNT_CAP = 10;

const joinGroup = sql`LEFT JOIN keyset_groups kg ON kg.id = kr.group_id`;
const rowsList = defineList({
  name: 'test-keyset-rows',
  from: sql`keyset_rows kr ${joinGroup}`,
  countFrom: sql`keyset_rows kr`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`kr.id`, kind: 'id', label: 'ID' },
    label: { sql: sql`kr.label`, kind: 'text', label: 'Libellé' },
    amount: { sql: sql`kr.amount`, kind: 'money', label: 'Montant' },
    at: { sql: sql`to_char(kr.at, 'YYYY-MM-DD"T"HH24:MI:SS.US')`, orderSql: sql`kr.at`, kind: 'date', label: 'Le' },
    done: { sql: sql`kr.done`, kind: 'boolean', label: 'Fait' },
    groupName: { sql: sql`kg.name`, kind: 'text', label: 'Groupe', joined: true, join: joinGroup },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

/** Two rows per id, ordered by the pair's number after the id (a list with `tieBreak`). */
const pairsList = defineList({
  name: 'test-keyset-pairs',
  from: sql`keyset_rows kr CROSS JOIN (VALUES (1), (2)) AS pair(n)`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`kr.id`, kind: 'id', label: 'ID' },
    label: { sql: sql`kr.label`, kind: 'text', label: 'Libellé' },
    n: { sql: sql`pair.n`, kind: 'number', label: 'N' },
  },
  defaultSort: { column: 'label', direction: 'asc' },
  tieBreak: ['n'],
});

/** The reply of a page as runList built it before keyset paging: OFFSET, the count to the end of the page. */
async function formerPage(definition: ListDefinition, query: PageQuery, principal: Principal | null) {
  const statements = buildListStatements(definition, query, principal, COUNT_CAP);
  const content = await rowsOf(testApp.db, statements.page);
  const [counted] = await rowsOf(testApp.db, statements.count);
  const count = Number(counted?.__count ?? 0);
  return {
    content,
    totalElements: Math.min(count, statements.countLimit),
    ...(count > statements.countLimit ? { totalCapped: true } : {}),
  };
}

/** The pages asked: forward to one past the end, back to the first, then jumps and reloads. */
function walk(lastPage: number): number[] {
  const forward = Array.from({ length: lastPage + 2 }, (_, page) => page);
  const jumps = [0, Math.floor(lastPage / 2), Math.floor(lastPage / 2) + 1, Math.floor(lastPage / 2) + 1, 1, lastPage, 2];
  return [...forward, ...[...forward].reverse(), ...jumps];
}

async function compareWalk(definition: ListDefinition, wire: Record<string, string>, principal: Principal | null) {
  const base = parseListQuery({ ...wire, page: '0' }) as PageQuery;
  const first = await formerPage(definition, base, principal);
  const lastPage = Math.max(0, Math.ceil(Math.min(first.totalElements, 1_000) / base.size) - 1);
  for (const page of walk(lastPage)) {
    const query: PageQuery = { ...base, page };
    const expected = await formerPage(definition, query, principal);
    const reply = await runList(testApp.db, definition, query, principal);
    expect(reply, `${definition.name} ${JSON.stringify(wire)} page ${page}`).toEqual(expected);
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.db.execute(sql`CREATE TABLE keyset_groups (id integer PRIMARY KEY, name text)`);
  await testApp.db.execute(sql`INSERT INTO keyset_groups VALUES (1, 'Électricité'), (2, 'eau'), (3, NULL), (4, 'Zinc')`);
  await testApp.db.execute(sql`CREATE TABLE keyset_rows (id serial PRIMARY KEY, label text, amount numeric(12, 2),
    at timestamptz, done boolean, group_id integer)`);
  // 61 rows: labels repeat (accents, case, NULLs), amounts and instants repeat with NULLs, a missing group
  await testApp.db.execute(sql`INSERT INTO keyset_rows (label, amount, at, done, group_id)
    SELECT CASE WHEN g % 9 = 0 THEN NULL ELSE (ARRAY['élan', 'Elan', 'zèbre', 'abc', 'Abc', 'mât'])[1 + g % 6] END,
           CASE WHEN g % 11 = 0 THEN NULL ELSE ((g * 37) % 13)::numeric / 4 END,
           CASE WHEN g % 7 = 0 THEN NULL ELSE timestamptz '2024-03-01 10:00:00.123456+00' + ((g * 5) % 17) * interval '1 day 1.5 second' END,
           g % 3 = 0,
           CASE WHEN g % 10 = 0 THEN NULL ELSE 1 + g % 4 END
    FROM generate_series(1, 61) AS g`);
  configureLists(testApp.db, { countCap: COUNT_CAP, keysetFromRows: 1 });
}, 240_000);

afterAll(async () => {
  configureLists(testApp.db, undefined);
  await testApp?.close();
});

describe('keyset paging gives the pages of OFFSET', () => {
  const sorts = ['id,asc', 'id,desc', 'label,asc', 'label,desc', 'amount,asc', 'amount,desc', 'at,asc', 'at,desc'];
  const more = ['done,desc', 'groupName,asc', 'groupName,desc'];
  const filters = ['{}', '{"label":"e"}', '{"groupName":"e"}', '{"at":"2024-03"}'];

  it('on every sort, filter and page size of a table with NULLs and ties', async () => {
    for (const sort of [...sorts, ...more]) {
      for (const filter of filters) {
        for (const size of ['4', '7']) {
          await compareWalk(rowsList, { sort, filters: filter, size }, null);
        }
      }
    }
  }, 300_000);

  it('on a list giving several rows per id (tieBreak)', async () => {
    for (const sort of ['label,asc', 'label,desc', 'id,desc', 'n,asc']) {
      await compareWalk(pairsList, { sort, size: '5' }, null);
    }
  }, 120_000);

  it('on the orders and attachments lists, as an administrator and a project manager', async () => {
    for (const uid of ['admin', 'cdp']) {
      const principal = (await testApp.app.principals.get(await userIdOf(testApp.db, uid))) ?? null;
      for (const list of [orderList, attachmentList]) {
        for (const sort of ['id,asc', 'id,desc', 'reference,asc', 'agencyName,desc']) {
          if (!list.columns[sort.split(',')[0] ?? '']) {
            continue;
          }
          await compareWalk(list, { sort, size: '2' }, principal);
          await compareWalk(list, { sort, size: '3', filters: '{"reference":"-"}' }, principal);
        }
      }
    }
  }, 300_000);
});

describe('the next page continues after the last row shown', () => {
  it('a row added before the page shown does not come back on the next one', async () => {
    const query = (page: number): PageQuery => ({
      ...(parseListQuery({ sort: 'id,desc', size: '5' }) as ListQuery),
      page,
      summary: false,
    });
    await runList(testApp.db, rowsList, query(0), null);
    const second = await runList(testApp.db, rowsList, query(1), null);
    const expectedThird = await formerPage(rowsList, query(2), null);
    // a newer row: with OFFSET every later page would shift by one and repeat the second page's last row
    await testApp.db.execute(sql`INSERT INTO keyset_rows (label) VALUES ('nouvelle')`);
    const third = await runList(testApp.db, rowsList, query(2), null);
    expect(third.content).toEqual(expectedThird.content);
    expect(third.content.map((row) => row.id)).not.toContain(second.content.at(-1)?.id);
    await testApp.db.execute(sql`DELETE FROM keyset_rows WHERE label = 'nouvelle'`);
  });
});

describe('a list planned with its joins in the written order', () => {
  it('runs its page with join_collapse_limit 1 and restores the setting, inside a transaction too', async () => {
    const settingList = defineList({
      ...rowsList,
      name: 'test-written-join-order',
      columns: {
        ...rowsList.columns,
        setting: { sql: sql`current_setting('join_collapse_limit')`, kind: 'text', label: 'Réglage' },
      },
      writtenJoinOrder: true,
    });
    const query = { ...(parseListQuery({ size: '2' }) as ListQuery), summary: false } as PageQuery;
    const reply = await runList(testApp.db, settingList, query, null);
    expect(reply.content.map((row) => row.setting)).toEqual(['1', '1']);
    const shown = async (db: typeof testApp.db) =>
      (await rowsOf<{ value: string }>(db, sql`SELECT current_setting('join_collapse_limit') AS value`))[0]?.value;
    const initial = await shown(testApp.db);
    expect(initial).not.toBe('1');
    await testApp.db.transaction(async (transaction) => {
      const inside = transaction as unknown as typeof testApp.db;
      const nested = await runList(inside, settingList, query, null);
      expect(nested.content.map((row) => row.setting)).toEqual(['1', '1']);
      expect(await shown(inside)).toBe(initial);
    });
    expect(await shown(testApp.db)).toBe(initial);
    // without the flag the page is planned with the session's setting
    const plain = await runList(testApp.db, { ...settingList, writtenJoinOrder: false }, query, null);
    expect(plain.content.map((row) => row.setting)).toEqual([initial, initial]);
  });
});
