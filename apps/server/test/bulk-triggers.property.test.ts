import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAttachmentNodeSummaries } from '../src/modules/attachments/index.js';
import { refreshOrderSummaries } from '../src/modules/orders/index.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { drift, none } from './bulk-triggers-drift.js';
import { apply, attachmentMoney, write } from './bulk-triggers-writes.js';
import { createTestApp, type TestApp } from './helper.js';

/**
 * Issue 14, bulk writes: the figures the statement triggers keep (order_summaries, order_node_summaries,
 * attachment_node_summaries, market_quantities and their totals, budget_od_rows, each monthly statement's
 * stored figures and statement_summaries) equal their recomputation from the rows after any sequence of bulk
 * writes, each one statement over many rows (the triggers of migrations 0054 and 0056 find the changed keys
 * without joining the old rows to the new ones). And no statement trigger's function joins a transition table:
 * without statistics such a join became a nested loop over both tables (hours for an UPDATE of 200,000 orders).
 * The writes are in `bulk-triggers-writes.ts`, the comparison with the recomputation in `bulk-triggers-drift.ts`.
 */
let testApp: TestApp;

/** A copy of `source` (every column) with these columns overridden. */
const copyOf = (table: string, row: string, overrides: SQL) =>
  sql`(jsonb_populate_record(NULL::${sql.identifier(table)}, to_jsonb(${sql.raw(row)}) || jsonb_build_object(${overrides}))).*`;
const nextId = (table: string) => sql`nextval(pg_get_serial_sequence(${table}, 'id'))`;

beforeAll(async () => {
  testApp = await createTestApp();
  // the demo's orders copied 40 times with their lines, attachments and tokens (through the triggers)
  const db = testApp.db;
  await db.execute(sql`CREATE TABLE bulk_order_copies AS
    SELECT o.id AS source, ${nextId('orders')}::int AS id FROM orders o CROSS JOIN generate_series(1, 40)`);
  await db.execute(
    sql`INSERT INTO orders SELECT ${copyOf(
      'orders',
      'o',
      sql`'id', m.id, 'reference', o.reference || '-' || m.id,
    'reference_sequence', 1000000 + m.id`,
    )} FROM bulk_order_copies m JOIN orders o ON o.id = m.source`,
  );
  await db.execute(sql`INSERT INTO order_lines SELECT ${copyOf('order_lines', 'ol', sql`'id', ${nextId('order_lines')}, 'order_id', m.id`)}
    FROM bulk_order_copies m JOIN order_lines ol ON ol.order_id = m.source`);
  await db.execute(sql`INSERT INTO workflow_tokens SELECT ${copyOf('workflow_tokens', 't', sql`'id', ${nextId('workflow_tokens')}, 'entity_id', m.id`)}
    FROM bulk_order_copies m JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = m.source`);
  await db.execute(sql`CREATE TABLE bulk_attachment_copies AS
    SELECT a.id AS source, m.id AS order_id, ${nextId('attachments')}::int AS id
    FROM bulk_order_copies m JOIN attachments a ON a.order_id = m.source`);
  await db.execute(
    sql`INSERT INTO attachments SELECT ${copyOf(
      'attachments',
      'a',
      sql`'id', c.id, 'order_id', c.order_id,
    'reference', a.reference || '-' || c.id`,
    )} FROM bulk_attachment_copies c JOIN attachments a ON a.id = c.source`,
  );
  await db.execute(sql`INSERT INTO attachment_lines SELECT ${copyOf('attachment_lines', 'al', sql`'id', ${nextId('attachment_lines')}, 'attachment_id', c.id`)}
    FROM bulk_attachment_copies c JOIN attachment_lines al ON al.attachment_id = c.source`);
  await db.execute(sql`INSERT INTO workflow_tokens SELECT ${copyOf('workflow_tokens', 't', sql`'id', ${nextId('workflow_tokens')}, 'entity_id', c.id`)}
    FROM bulk_attachment_copies c JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = c.source`);
  await db.execute(sql`DROP TABLE bulk_order_copies, bulk_attachment_copies`);
});

afterAll(async () => {
  await testApp?.close();
});

class Rollback extends Error {}

describe('the figures kept by statement triggers under bulk writes', () => {
  it('equal their recomputation on the demo data as seeded', async () => {
    const counts = await rowsOf<{ orders: number; attachments: number; lines: number; invoiced: number }>(
      testApp.db,
      sql`SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM attachments) AS attachments,
        (SELECT count(*)::int FROM attachment_lines) AS lines,
        (SELECT count(*)::int FROM monthly_statement_attachments) AS invoiced`,
    );
    // enough rows for a write to touch many keys at once
    expect(counts[0]?.orders).toBeGreaterThan(150);
    expect(counts[0]?.attachments).toBeGreaterThan(40);
    expect(counts[0]?.lines).toBeGreaterThan(100);
    expect(counts[0]?.invoiced).toBeGreaterThan(0);
    expect(await drift(testApp.db)).toEqual(none);
  });

  it('equal their recomputation after any sequence of bulk inserts, updates of keys and figures, and deletes', async () => {
    const [{ copies } = { copies: 0 }] = await rowsOf<{ copies: number }>(
      testApp.db,
      sql`SELECT (max(id) + 1000)::int AS copies FROM orders`,
    );
    let changedRows = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        // each sequence starts again from the seeded data
        await testApp.db
          .transaction(async (tx) => {
            for (const w of writes) {
              await apply(tx, w, copies);
              expect({ after: w, ...(await drift(tx)) }).toEqual({ after: w, ...none });
            }
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) {
              throw error;
            }
          });
        changedRows += writes.length;
      }),
      { numRuns: 25 },
    );
    expect(changedRows).toBeGreaterThan(25);
  }, 300_000);

  it('equal their recomputation after the money of every attachment of one statement (80 or so) changes in one UPDATE', async () => {
    await testApp.db
      .transaction(async (tx) => {
        // every attachment not invoiced yet (the 40 copies among them) into the first statement, in one INSERT
        await tx.execute(sql`INSERT INTO monthly_statement_attachments (statement_id, attachment_id)
          SELECT (SELECT min(id) FROM monthly_statements), att.id FROM attachments att
          WHERE NOT EXISTS (SELECT 1 FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id)
          ORDER BY att.id`);
        const [statement] = await rowsOf<{ invoiced: number; before: string }>(
          tx,
          sql`SELECT attachment_count AS invoiced, attachment_amount::text AS before FROM monthly_statements
            ORDER BY id LIMIT 1`,
        );
        expect(statement?.invoiced).toBeGreaterThan(50);
        expect(await drift(tx)).toEqual(none);
        await tx.execute(attachmentMoney({ modulo: 1, rest: 0 }, 1234));
        expect(await drift(tx)).toEqual(none);
        const [after] = await rowsOf<{ after: string }>(
          tx,
          sql`SELECT attachment_amount::text AS after FROM monthly_statements ORDER BY id LIMIT 1`,
        );
        expect(after?.after).not.toEqual(statement?.before);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) {
          throw error;
        }
      });
  });

  it('equal their recomputation after writes made with the triggers off, once the summaries are rebuilt', async () => {
    await testApp.db
      .transaction(async (tx) => {
        // the bench generator's bulk writes: no trigger runs, the summaries and their roll-ups drift
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`UPDATE orders SET wf_node_id = NULL WHERE id % 3 = 0`);
        await tx.execute(sql`UPDATE attachments SET wf_node_id = NULL WHERE id % 3 = 0`);
        const drifted = await drift(tx);
        expect(drifted.orderRollUps.length + drifted.attachmentRollUps.length).toBeGreaterThan(0);
        await refreshOrderSummaries(tx);
        await refreshAttachmentNodeSummaries(tx);
        expect(await drift(tx)).toEqual(none);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) {
          throw error;
        }
      });
  });

  it('never join a transition table in a statement trigger function', async () => {
    const functions = await rowsOf<{ trigger: string; name: string; source: string; tables: string[] }>(
      testApp.db,
      sql`SELECT t.tgname AS trigger, p.proname AS name, p.prosrc AS source,
          array_remove(ARRAY[t.tgoldtable::text, t.tgnewtable::text], NULL) AS tables
        FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND (t.tgoldtable IS NOT NULL OR t.tgnewtable IS NOT NULL)
        ORDER BY t.tgname`,
    );
    expect(functions.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'order_node_summaries_apply',
        'market_quantities_orders_changed',
        'market_quantities_tokens_changed',
        'monthly_statement_attachment_money_changed',
        'order_node_rollups_apply',
        'attachment_node_rollups_apply',
        'order_node_user_rollups_apply',
        'attachment_node_user_rollups_apply',
        'user_projects_node_rollups_apply',
      ]),
    );
    // a transition table is read from (FROM, UNION, EXCEPT), never joined: `JOIN old_rows`, `JOIN new_tokens`…
    const joined = functions.flatMap((row) =>
      row.tables
        .filter((table) => new RegExp(`\\bJOIN\\s+${table}\\b`, 'i').test(row.source))
        .map((table) => `${row.trigger} (${row.name}) joins ${table}`),
    );
    expect(joined).toEqual([]);
  });
});
