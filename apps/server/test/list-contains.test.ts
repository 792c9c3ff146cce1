import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';

/**
 * Issue 14, "contains" filters (docs/decisions.md "Contains filters: LIKE for values without letters"): the
 * orders list's rows, count and totals for a reference filter are those of a plain SQL `LIKE` on the
 * lowered reference, for values with and without letters, rare and common, on generated orders.
 */
let testApp: TestApp;
let admin: string;
const GENERATED = 3_000;
/** Orders whose reference contains `RARE-7` (upper and lower case): 3 of 3,000. */
const RARE = ['ZZ-RARE-7-A', 'ZZ-RARE-7-B', 'zz-rare-7-c'];

type Reply = { content: { id: number; reference: string }[]; totalElements: number; summary?: Record<string, string> };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  // copies of a demo order with references of their own (`GEN-2023-00001` …), three of them rare; without
  // the triggers (the stored summaries serve unfiltered lists only: every request here filters)
  await testApp.db.transaction(async (transaction) => {
    await transaction.execute(sql`SET LOCAL session_replication_role = replica`);
    await transaction.execute(sql`
    INSERT INTO orders
    SELECT (jsonb_populate_record(NULL::orders, to_jsonb(template) || jsonb_build_object(
      'id', nextval('orders_id_seq'),
      'reference', CASE WHEN g.n % 1000 = 0 THEN (ARRAY[${sql.join(
        RARE.map((reference) => sql`${reference}`),
        sql`, `,
      )}])[g.n / 1000] ELSE 'GEN-2023-' || lpad(g.n::text, 5, '0') END,
      'reference_sequence', 100000 + g.n))).*
    FROM (SELECT * FROM orders ORDER BY id LIMIT 1) AS template
    CROSS JOIN generate_series(1, ${GENERATED}) AS g(n)`);
  });
}, 600_000);

afterAll(async () => {
  await testApp?.close();
});

describe('contains filters on references', () => {
  it('answer the rows and counts of a plain LIKE, rare and common, case and accents ignored', async () => {
    for (const [value, like] of [
      ['rare-7', '%rare-7%'],
      ['RARE-7-A', '%rare-7-a%'],
      ['2023-001', '%2023-001%'],
      ['gen-2023-0000', '%gen-2023-0000%'],
      ['-00', '%-00%'],
      ['1_0', '%1\\_0%'],
      ['%', '%\\%%'],
      ['ràre', '%rare%'],
      ['ràre-7', '%rare-7%'],
      ['GEN-2023-000', '%gen-2023-000%'],
    ] as const) {
      for (const sort of ['id,asc', 'id,desc', 'reference,asc']) {
        const response = await inject(testApp.app, {
          method: 'GET',
          url: '/api/orders',
          query: { filter: 'all', page: '0', size: '50', sort, summary: 'true', filters: JSON.stringify({ reference: value }) },
          token: admin,
        });
        expect(response.statusCode, value).toBe(200);
        const reply = response.json() as Reply;
        const order = sort === 'reference,asc' ? sql`reference ASC, id ASC` : sort === 'id,desc' ? sql`id DESC` : sql`id ASC`;
        const expected = await rowsOf(
          testApp.db,
          sql`SELECT id, reference FROM orders WHERE lower(reference) LIKE ${like} ORDER BY ${order} LIMIT 50`,
        );
        const [counted] = await rowsOf(
          testApp.db,
          sql`SELECT count(*)::int AS count, coalesce(sum(total), 0)::text AS total FROM orders WHERE lower(reference) LIKE ${like}`,
        );
        expect(
          reply.content.map((row) => [row.id, row.reference]),
          `${value} ${sort}`,
        ).toEqual(expected.map((row) => [row.id, row.reference]));
        expect(reply.totalElements, `${value} ${sort}`).toBe(Math.min(Number(counted?.count), 10_000));
        expect(reply.summary?.total, `${value} ${sort}`).toBe(counted?.total);
      }
    }
  }, 120_000);
});
