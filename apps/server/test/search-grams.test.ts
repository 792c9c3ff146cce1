import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderList } from '../src/modules/orders/index.js';
import { buildListStatements, buildTotalsStatement, parseListQuery } from '../src/platform/list-engine.js';
import { foldText, searchGramsOf, textContains } from '../src/platform/text-match.js';
import { createTestApp, type TestApp } from './helper.js';

/**
 * Issue 14, search grams (docs/decisions.md "Contains on references: search grams"): the condition through the
 * grams selects what the plain "contains" selects, the database folds as the engine does, and which statements
 * of a list read them.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('search grams (a "contains" that reads every match)', () => {
  /** Characters a reference or a typed value may hold: ASCII, the folded Latin-1 letters, ligatures, apostrophes, and letters folded by no rule of the database (Σ, the Kelvin sign, İ, ß). */
  const character = fc.constantFrom(
    ...'aAbBeEoOyY0123456789-_ %/\\\'"'.split(''),
    ...'àÀéÉèÊëÏîñÑôÖøùÜýÿŸçÇ'.split(''),
    'œ',
    'Œ',
    'æ',
    'Æ',
    '’',
    'Σ',
    'σ',
    '\u212a',
    'İ',
    'ß',
  );
  const text = fc.array(character, { minLength: 0, maxLength: 16 }).map((characters) => characters.join(''));
  /** A value typed from a piece of the text (its case and accents changed as a person types them), or any value. */
  const typed = fc.oneof(
    fc.tuple(text, fc.nat(), fc.nat(), fc.boolean()).map(([whole, from, length, upper]) => {
      const start = whole.length === 0 ? 0 : from % whole.length;
      const piece = foldText(whole.slice(start, start + 5 + (length % 8)));
      return { whole, value: upper ? piece.toUpperCase() : piece };
    }),
    fc.tuple(text, text).map(([whole, value]) => ({ whole, value })),
  );

  it('selects exactly the texts the plain condition selects', async () => {
    await fc.assert(
      fc.asyncProperty(typed, async ({ whole, value }) => {
        const column = sql`t.text`;
        const found = (await testApp.db.execute(
          sql`SELECT (${textContains(column, value)}) AS plain, (${textContains(column, value, { grams: true })}) AS grams
            FROM (SELECT ${whole}::text AS text) AS t`,
        )) as unknown as { rows: { plain: boolean; grams: boolean }[] };
        const [row] = found.rows;
        expect(row?.grams, `${JSON.stringify(whole)} contains ${JSON.stringify(value)}`).toBe(row?.plain);
      }),
      { numRuns: 300 },
    );
  });

  it('folds a text in the database as the list engine folds a typed value', async () => {
    for (const reference of ['BM-00042-2023-00117', 'Société Œuvres d’Évry', 'ÆTHER-ÿŸ-Ñ 2024', 'abcd', '']) {
      const [row] = (
        (await testApp.db.execute(sql`SELECT search_grams(${reference}) AS grams`)) as unknown as { rows: { grams: string[] }[] }
      ).rows;
      expect([...(row?.grams ?? [])].sort(), reference).toEqual(searchGramsOf(reference) ?? []);
    }
    expect(searchGramsOf('2023-001')).toEqual(['023-0', '2023-', '23-00', '3-001']);
    // shorter than a gram, or folded to a character the database does not fold as the engine does
    expect(searchGramsOf('2023')).toBeUndefined();
    expect(searchGramsOf('ΣΙΓΜΑ-2023')).toBeUndefined();
  });

  it('finds every match of a count, totals and export by the grams, a page by the list order', () => {
    const sqlOf = (statement: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(statement).sql;
    const query = parseListQuery({ filters: JSON.stringify({ reference: '2023-001' }), summary: 'true' });
    const { page: pageSql, count } = buildListStatements(orderList, query, null);
    const totals = buildTotalsStatement(orderList, query, null);
    expect(sqlOf(count)).toMatch(/search_grams\(o\.reference\) @> \$\d+::text\[\] AND \(o\.reference \|\| ''\) LIKE \$\d+/);
    expect(totals && sqlOf(totals)).toMatch(/search_grams\(o\.reference\) @> /);
    expect(sqlOf(pageSql)).not.toMatch(/search_grams/);
    expect(sqlOf(pageSql)).toMatch(/o\.reference LIKE \$\d+/);
    // a value shorter than a gram: the trigram index alone
    const short = buildListStatements(orderList, parseListQuery({ filters: JSON.stringify({ reference: '2023' }) }), null);
    expect(sqlOf(short.count)).not.toMatch(/search_grams/);
  });
});
