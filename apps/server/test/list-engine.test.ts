import { FILTER_NOT_NULL, FILTER_NULL } from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, companies, projects, units, userProjects } from '../src/db/schema/index.js';
import { orderList } from '../src/modules/orders/index.js';
import { projectList } from '../src/modules/projects/index.js';
import { access } from '../src/platform/access.js';
import { buildListStatements, defineList, type ListDefinition, parseListQuery, runList } from '../src/platform/list-engine.js';
import { registerList } from '../src/platform/list-routes.js';
import { containsPattern, foldText, textContains } from '../src/platform/text-match.js';
import { actingAs, createTestApp, inject, login, type TestApp, uniqueName, userIdOf } from './helper.js';

type Row = Record<string, unknown> & { id: number };
type Page = { content: Row[]; totalElements: number; summary?: Record<string, string> };

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp.close();
});

function list(url: string, query: Record<string, string | object> = {}, token = admin) {
  const wire = Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
  return inject(testApp.app, { method: 'GET', url, query: wire, token });
}

async function page(url: string, query: Record<string, string | object> = {}, token = admin): Promise<Page> {
  const response = await list(url, query, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

async function allProjectIds(): Promise<number[]> {
  const rows = await testApp.db.select({ id: projects.id }).from(projects).orderBy(projects.id);
  return rows.map((row) => row.id);
}

describe('column filters', () => {
  it('matches text containing the value whatever its case and accents', async () => {
    const upper = await page('/api/unit', { filters: { name: 'MÈTRE' } });
    expect(upper.content.map((row) => row.name)).toEqual(['Mètre linéaire', 'Mètre carré', 'Kilomètre']);
    expect(upper.totalElements).toBe(3);
    for (const typed of ['mètre', 'metre', 'METRE', 'MéTRE']) {
      expect(await page('/api/unit', { filters: { name: typed } }), typed).toEqual(upper);
    }
  });

  it('treats % and _ in a text filter as plain characters', async () => {
    const name = uniqueName('Cent_pour%cent');
    await testApp.db.insert(units).values([{ name }, { name: uniqueName('CentXpourYcent') }]);
    const found = await page('/api/unit', { filters: { name: 'Cent_pour%' } });
    expect(found.content.map((row) => row.name)).toEqual([name]);
  });

  it('filters an id exactly, not as a prefix or a substring', async () => {
    expect((await allProjectIds()).filter((id) => String(id).includes('3')).length).toBeGreaterThan(1);
    const found = await page('/api/projects', { filters: { id: '3' } });
    expect(found.content.map((row) => row.id)).toEqual([3]);
    expect(found.totalElements).toBe(1);
  });

  it('filters a comma-separated list of ids', async () => {
    const found = await page('/api/projects', { filters: { id: '23, 3,13' } });
    expect(found.content.map((row) => row.id)).toEqual([3, 13, 23]);
  });

  it('answers 400 when an id filter is not numeric', async () => {
    const response = await list('/api/projects', { filters: { id: '3 OR 1=1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('id');
  });

  it('splits rows between the null and notnull filters', async () => {
    const name = uniqueName('Sans code');
    await testApp.db.insert(units).values({ name, oracleCode: null });
    const all = await page('/api/unit', { size: '200' });
    const empty = await page('/api/unit', { filters: { oracleCode: FILTER_NULL }, size: '200' });
    const filled = await page('/api/unit', { filters: { oracleCode: FILTER_NOT_NULL }, size: '200' });
    expect(empty.content.map((row) => row.name)).toContain(name);
    expect(empty.content.every((row) => row.oracleCode === null)).toBe(true);
    expect(filled.content.every((row) => row.oracleCode !== null)).toBe(true);
    expect(empty.totalElements + filled.totalElements).toBe(all.totalElements);
    expect(filled.totalElements).toBeGreaterThan(0);
  });

  it('ignores a filter whose value is blank', async () => {
    const all = await page('/api/unit');
    expect(await page('/api/unit', { filters: { name: '  ' } })).toEqual(all);
  });

  it('answers 400 with a clear message when the filter column is unknown', async () => {
    const response = await list('/api/unit', { filters: { password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: 'La colonne password ne peut pas être filtrée.',
      fields: { password: 'Colonne inconnue.' },
    });
  });

  it('answers 400 when the filters parameter is not a JSON object', async () => {
    for (const filters of ['{name:', '"name"', '[1,2]']) {
      const response = await list('/api/unit', { filters });
      expect(response.statusCode, filters).toBe(400);
      expect(response.json().error).toBe('Données invalides.');
    }
    expect((await list('/api/unit', { filters: '{name:' })).json().detail).toMatch(/filters/);
  });
});

describe('accent- and case-insensitive text filters', () => {
  async function ids(url: string, filters: Record<string, string>): Promise<number[]> {
    const found = await page(url, { filters, sort: 'id,asc' });
    expect(found.totalElements).toBe(found.content.length);
    return found.content.map((row) => row.id);
  }

  it('finds a company whatever the accents, the case, the ligatures and the apostrophe typed', async () => {
    const edifice = uniqueName('FOLD-C');
    const [company] = await testApp.db
      .insert(companies)
      .values({ edifice, name: 'Société Générale des Œuvres d’Évry' })
      .returning({ id: companies.id });
    const expected = [company?.id];
    for (const typed of [
      'societe',
      'SOCIETE GENERALE',
      'Société Générale',
      'des oeuvres',
      'DES ŒUVRES',
      "d'evry",
      'D’ÉVRY',
      'Evry',
    ]) {
      expect(await ids('/api/companies', { edifice, name: typed }), typed).toEqual(expected);
    }
    expect(await ids('/api/companies', { edifice, name: 'societes' })).toEqual([]);
  });

  it('finds agencies by their own name and by the joined company name, ids first', async () => {
    const edifice = uniqueName('FOLD-A');
    const [company] = await testApp.db
      .insert(companies)
      .values({ edifice, name: 'Électricité Île-de-France' })
      .returning({ id: companies.id });
    const companyId = company?.id ?? 0;
    const [first, second] = await testApp.db
      .insert(agencies)
      .values([
        { companyId, edifice: `${edifice}-1`, name: 'Bureau d’étude Évry' },
        { companyId, edifice: `${edifice}-2`, name: 'ÉTUDES ET CŒUR DE RÉSEAU' },
      ])
      .returning({ id: agencies.id });
    const both = [first?.id, second?.id];
    expect(await ids('/api/agencies', { companyId: String(companyId), name: 'Etude' })).toEqual(both);
    expect(await ids('/api/agencies', { companyId: String(companyId), name: 'coeur de reseau' })).toEqual([second?.id]);
    expect(await ids('/api/agencies', { companyId: String(companyId), name: "d'etude evry" })).toEqual([first?.id]);
    expect(await ids('/api/agencies', { companyId: String(companyId), companyName: 'electricite ile' })).toEqual(both);
    expect(await ids('/api/agencies', { edifice, companyName: 'ELECTRICITE ÎLE-DE-FRANCE' })).toEqual(both);
  });

  it('finds projects by name whatever the accents and the case typed', async () => {
    const code = uniqueName('FOLD-P');
    const [project] = await testApp.db
      .insert(projects)
      .values({ code, name: 'Déploiement FTTH Évry-Courcouronnes – Cœur de ville' })
      .returning({ id: projects.id });
    try {
      for (const typed of ['deploiement ftth evry', 'EVRY-COURCOURONNES', 'coeur de ville', 'Déploiement']) {
        expect(await ids('/api/projects', { code, name: typed }), typed).toEqual([project?.id]);
      }
      expect(await ids('/api/projects', { code, name: 'deploiements' })).toEqual([]);
    } finally {
      // the other tests of this file count the 30 demo projects
      await testApp.db.delete(projects).where(eq(projects.code, code));
    }
  });

  it('keeps %, _ and the characters of regular expressions plain', async () => {
    const name = uniqueName('Égal_à% (a.b)*[c]^$\\|?+{2}');
    await testApp.db.insert(units).values([{ name }, { name: name.replace('_', 'X').replace('%', 'Y').replace('.', 'Z') }]);
    const typed = name.slice(0, 27).toUpperCase().replace('É', 'e');
    const found = await page('/api/unit', { filters: { name: typed } });
    expect(found.content.map((row) => row.name)).toEqual([name]);
  });

  it('matches in the database exactly when the folded text contains the folded value', async () => {
    const texts = ['Cœur de ville', 'SŒUR', 'Æther', 'cæcum', 'oeuvre', 'Noël', 'Peñarroya', 'l’Haÿ-les-Roses', 'Ærø', 'coœ'];
    const typed = ['co', 'coe', 'oeu', 'Œ', 'e', 'ae', 'a', 'cae', 'eo', 'noel', 'NOËL', 'pena', "l'hay", 'ero', 'œœ', 'oo'];
    for (const value of typed) {
      const pattern = containsPattern(value);
      for (const text of texts) {
        const result = (await testApp.db.execute(sql`SELECT ${text}::text ~ ${pattern} AS found`)) as unknown as {
          rows: { found: boolean }[];
        };
        expect(result.rows[0]?.found, `${text} ~ ${value}`).toBe(foldText(text).includes(foldText(value)));
      }
    }
    expect(foldText('Société d’ÉVRY, Œuvres ÇA Ñ ÿ')).toBe("societe d'evry, oeuvres ca n y");
  });

  it('searches a value without letters with LIKE, matching the same texts', async () => {
    const texts = ['BM-00042-2023-00117', 'BM-10042-2023-001', '12_3 %', '123 4', 'a\\b', "l'an 2023", 'l’an'];
    const typed = ['2023-001', '-00042-', '2_3', '2_', '%', ' %', '\\', '3 4', '0', "'", '’'];
    for (const value of typed) {
      const condition = textContains(sql`t.text`, value);
      const written = new PgDialect().sqlToQuery(condition).sql;
      expect(written, value).toBe(/['’]/.test(value) ? 't.text ~ $1' : 't.text LIKE $1');
      for (const text of texts) {
        const result = (await testApp.db.execute(
          sql`SELECT ${condition} AS found FROM (SELECT ${text}::text AS text) AS t`,
        )) as unknown as { rows: { found: boolean }[] };
        expect(result.rows[0]?.found, `${text} contains ${value}`).toBe(foldText(text).includes(foldText(value)));
      }
    }
  });
});

describe('sorting', () => {
  it('sorts ascending then descending, ties broken by id in the same direction', async () => {
    const ascending = await page('/api/projects', { sort: 'typeName,asc', size: '200' });
    const descending = await page('/api/projects', { sort: 'typeName,desc', size: '200' });
    const key = (row: Row) => [String(row.typeName), row.id] as const;
    const expectedAscending = [...ascending.content].sort((left, right) => {
      const [leftName, leftId] = key(left);
      const [rightName, rightId] = key(right);
      return leftName === rightName ? leftId - rightId : leftName < rightName ? -1 : 1;
    });
    expect(new Set(ascending.content.map((row) => row.typeName)).size).toBeLessThan(ascending.content.length);
    expect(ascending.content.map((row) => row.id)).toEqual(expectedAscending.map((row) => row.id));
    expect(descending.content.map((row) => row.id)).toEqual(ascending.content.map((row) => row.id).reverse());
  });

  it('keeps pages stable when the sorted column has ties', async () => {
    const whole = await page('/api/projects', { sort: 'typeName,asc', size: '30' });
    const pages = [];
    for (let index = 0; index < 3; index += 1) {
      pages.push(...(await page('/api/projects', { sort: 'typeName,asc', size: '10', page: String(index) })).content);
    }
    expect(pages.map((row) => row.id)).toEqual(whole.content.map((row) => row.id));
  });

  it('answers 400 when the sort column is unknown or the form is wrong', async () => {
    const unknown = await list('/api/unit', { sort: 'password,asc' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('La colonne password ne peut pas être triée.');
    const malformed = await list('/api/unit', { sort: 'name;drop table units' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.sort).toMatch(/colonne,asc/);
  });
});

describe('paging', () => {
  it('returns an empty page with the right total when the page is beyond the end', async () => {
    const response = await page('/api/projects', { page: '5', size: '10' });
    expect(response).toEqual({ content: [], totalElements: 30 });
  });

  it('returns 50 rows by default and the asked page size otherwise', async () => {
    const unitNames = Array.from({ length: 60 }, () => ({ name: uniqueName('Lot') }));
    await testApp.db.insert(units).values(unitNames);
    const first = await page('/api/unit');
    expect(first.content).toHaveLength(50);
    expect(first.totalElements).toBeGreaterThan(60);
    const second = await page('/api/unit', { page: '1', size: '7' });
    expect(second.content.map((row) => row.id)).toEqual(first.content.slice(7, 14).map((row) => row.id));
  });

  it.each([
    ['a size above 200', { size: '201' }, 'size'],
    ['a size of 0', { size: '0' }, 'size'],
    ['a negative page', { page: '-1' }, 'page'],
    ['a page that is not a number', { page: 'two' }, 'page'],
    ['a size that is not a number', { size: 'big' }, 'size'],
  ])('answers 400 for %s', async (_case, query, field) => {
    const response = await list('/api/unit', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
    expect(response.json().detail).toMatch(/^La (page|taille de page) /);
  });

  it('accepts the largest page size, 200', async () => {
    expect((await list('/api/unit', { size: '200' })).statusCode).toBe(200);
  });
});

describe('visibility scope', () => {
  async function idsOfUser(userId: number): Promise<number[]> {
    const rows = await testApp.db
      .select({ id: userProjects.projectId })
      .from(userProjects)
      .where(eq(userProjects.userId, userId))
      .orderBy(userProjects.projectId);
    return rows.map((row) => row.id);
  }

  it('shows a visibility-2 user only his 6 projects, and all 30 to the administrator', async () => {
    const cdpProjects = await idsOfUser(await userIdOf(testApp.db, 'cdp'));
    expect(cdpProjects).toHaveLength(6);
    const cdp = await page('/api/projects', { size: '200' }, await login(testApp.app, 'cdp', 'cdp'));
    expect(cdp.totalElements).toBe(6);
    expect(cdp.content.map((row) => row.id)).toEqual(cdpProjects);
    const everything = await page('/api/projects', { size: '200' });
    expect(everything.totalElements).toBe(30);
  });

  it('never widens the scope through a filter', async () => {
    const token = await login(testApp.app, 'cdp', 'cdp');
    const outside = (await allProjectIds()).at(-1);
    const found = await page('/api/projects', { filters: { id: String(outside) } }, token);
    expect(found).toEqual({ content: [], totalElements: 0 });
    const detail = await inject(testApp.app, { method: 'GET', url: `/api/project/${outside}`, token });
    expect(detail.statusCode).toBe(404);
  });

  it("shows a visibility-3 user his manager's projects", async () => {
    const cdpId = await userIdOf(testApp.db, 'cdp');
    const managed = await actingAs(testApp, { visibility: 3, read: ['project'] }, { managerId: cdpId });
    const found = await page('/api/projects', { size: '200' }, managed.token);
    expect(found.totalElements).toBe(6);
    expect(found.content.map((row) => row.id)).toEqual(await idsOfUser(cdpId));
  });

  it('shows nothing to a visibility-3 user without a manager', async () => {
    const alone = await actingAs(testApp, { visibility: 3, read: ['project'] });
    expect(await page('/api/projects', {}, alone.token)).toEqual({ content: [], totalElements: 0 });
  });
});

describe('totals row', () => {
  it('returns a summary object only when summary=true is asked', async () => {
    expect((await page('/api/unit')).summary).toBeUndefined();
    expect((await page('/api/unit', { summary: 'true' })).summary).toEqual({});
  });

  it('sums the summable columns of the whole filtered query, not of the page', async () => {
    const app = await testApp.variant({}, (unready) => {
      registerList(unready, testApp.db, {
        path: '/api/test-engagements',
        access: access.right('user', 'read'),
        definition: defineList({
          name: 'test-engagements',
          from: sql`users u`,
          idColumn: 'id',
          columns: {
            id: { sql: sql`u.id`, kind: 'id', label: 'ID' },
            uid: { sql: sql`u.uid`, kind: 'text', label: 'Identifiant' },
            engagement: { sql: sql`u.engagement`, kind: 'money', label: 'Engagement', summable: true },
          },
          defaultSort: { column: 'id', direction: 'asc' },
        }),
      });
    });
    const response = await inject(app, {
      method: 'GET',
      url: '/api/test-engagements',
      query: { filters: JSON.stringify({ uid: 'cdp' }), summary: 'true', size: '1' },
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ totalElements: 2, summary: { engagement: '50000.00' } });
    expect(response.json().content).toHaveLength(1);
  });
});

describe('the page ids first, for a list that declares its joins', () => {
  const dialect = new PgDialect();
  const text = (statement: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(statement).sql;
  /** The same list without its declared joins: the single query the engine sent before. */
  function singleQuery(definition: ListDefinition): ListDefinition {
    const columns = Object.fromEntries(
      Object.entries(definition.columns).map(([name, { join: _join, ...column }]) => [name, column]),
    );
    return { ...definition, columns };
  }

  it('picks the ids over the base table and the joins the filters and the sort read only', () => {
    const query = parseListQuery({ sort: 'reference,asc', filters: JSON.stringify({ agencyName: 'occitanie' }) });
    const { page: pageSql, count } = buildListStatements(orderList, query, null);
    const inner = text(pageSql).split(' = ANY(ARRAY(SELECT ')[1] ?? '';
    expect(inner).toMatch(/^o\.id FROM orders o LEFT JOIN agencies a ON a\.id = o\.agency_id WHERE /);
    expect(inner).not.toMatch(/markets|workflow_tokens|users uf|projects p/);
    expect(text(pageSql)).toMatch(
      /ORDER BY o\.reference ASC NULLS FIRST, o\.id ASC LIMIT \$\d+ OFFSET \$\d+\)\) ORDER BY o\.reference ASC NULLS FIRST, o\.id ASC$/,
    );
    expect(text(count)).toMatch(/FROM orders o LEFT JOIN agencies a ON a\.id = o\.agency_id WHERE/);
    const byStatus = buildListStatements(orderList, parseListQuery({ sort: 'nodeName,desc' }), null).page;
    expect(text(byStatus).split(' = ANY(ARRAY(SELECT ')[1]).toMatch(
      /^o\.id FROM orders o LEFT JOIN workflow_tokens wtk .* LEFT JOIN workflow_nodes wn ON wn\.id = wtk\.node_id WHERE/,
    );
  });

  it('keeps the single query for a list that declares no join', () => {
    const { page: pageSql } = buildListStatements(singleQuery(orderList), parseListQuery({}), null);
    expect(text(pageSql)).not.toContain(' = ANY(ARRAY(SELECT ');
  });

  it('refuses a join declared on a list without countFrom', () => {
    expect(() =>
      defineList({
        name: 'broken',
        from: sql`projects p LEFT JOIN users m ON m.id = p.manager_id`,
        idColumn: 'id',
        columns: {
          id: { sql: sql`p.id`, kind: 'id', label: 'ID' },
          managerName: { sql: sql`m.name`, kind: 'text', label: 'Responsable', joined: true, join: sql`LEFT JOIN users m` },
        },
        defaultSort: { column: 'id', direction: 'asc' },
      }),
    ).toThrow(/managerName declares a join/);
  });

  it.each([
    ['a joined filter and a joined sort', projectList, { sort: 'typeName,desc', filters: { managerName: 'a' } }],
    ['a joined sort, page 2 of 7', projectList, { sort: 'managerName,asc', page: '2', size: '7' }],
    ['a base filter and a base sort', projectList, { sort: 'name,asc', filters: { name: 'e' }, size: '5' }],
    ['a null filter on a joined column', projectList, { filters: { managerName: FILTER_NULL } }],
    ['orders by status, with totals', orderList, { sort: 'nodeName,asc', summary: 'true', filters: { agencyName: 'a' } }],
    ['orders by amount', orderList, { sort: 'total,desc', page: '0', size: '3' }],
  ] as const)('gives the rows, order, count and totals of the single query: %s', async (_case, definition, wire) => {
    const query = parseListQuery(
      Object.fromEntries(
        Object.entries(wire).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
      ),
    );
    const idsFirst = await runList(testApp.db, definition, query, null);
    const single = await runList(testApp.db, singleQuery(definition), query, null);
    expect(idsFirst).toEqual(single);
  });

  it('pages a joined sort with ties the same way, page after page, within the scope', async () => {
    const token = await login(testApp.app, 'cdp', 'cdp');
    const whole = await page('/api/projects', { sort: 'managerName,desc', size: '6' }, token);
    const pages: Row[] = [];
    for (let index = 0; index < 3; index += 1) {
      pages.push(...(await page('/api/projects', { sort: 'managerName,desc', size: '2', page: String(index) }, token)).content);
    }
    expect(whole.totalElements).toBe(6);
    expect(pages).toEqual(whole.content);
  });

  it('exports the CSV of a joined filter and sort in the order of the list', async () => {
    const listed = await page('/api/projects', { sort: 'typeName,asc', size: '200', filters: { managerName: 'a' } });
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/project/csv',
      token: admin,
      payload: { sort: 'typeName,asc', filters: JSON.stringify({ managerName: 'a' }) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.body
      .split('\r\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line) => Number(line.split(';')[0]));
    expect(listed.content.length).toBeGreaterThan(1);
    expect(ids).toEqual(listed.content.map((row) => row.id));
  });
});
