import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { refreshAttachmentNodeSummaries } from '../src/modules/attachments/index.js';
import { statementSummaries } from '../src/modules/monthly-statements/index.js';
import { refreshOrderSummaries } from '../src/modules/orders/index.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, type TestApp } from './helper.js';

/**
 * Issue 14, bulk writes: the figures the statement triggers keep (order_summaries, order_node_summaries,
 * attachment_node_summaries, market_quantities and their totals, budget_od_rows, each monthly statement's
 * stored figures and statement_summaries) equal their recomputation from the rows after any sequence of bulk
 * writes, each one statement over many rows (the triggers of migrations 0054 and 0056 find the changed keys
 * without joining the old rows to the new ones). And no statement trigger's function joins a transition table:
 * without statistics such a join became a nested loop over both tables (hours for an UPDATE of 200,000 orders).
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

/** The rows of one query missing from the other, tagged by side (none expected). */
async function difference(db: Database, stored: SQL, expected: SQL) {
  return rowsOf<Record<string, unknown>>(
    db,
    sql`WITH s AS (${stored}), e AS (${expected})
      SELECT 'stored only' AS side, x.* FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM e) x
      UNION ALL SELECT 'recomputed only', y.* FROM (SELECT * FROM e EXCEPT ALL SELECT * FROM s) y
      ORDER BY 1, 2, 3, 4`,
  );
}

/** Every stored figure against its recomputation from the rows; empty when they agree. */
async function drift(db: Database) {
  const orderSummaries = await difference(
    db,
    sql`SELECT market_id, project_id, agency_id, holds_rg, in_erp, dated, orders, total::numeric(20, 2), rg_held::numeric(20, 2),
        rg_deposit_used::numeric(20, 2), rg_released::numeric(20, 2), rg_unreleased::numeric(20, 2),
        rg_unreleased_dated::numeric(20, 2), rg_released_on_deposit::numeric(20, 2), deposit_paid::numeric(20, 2)
      FROM order_summaries
      WHERE orders <> 0 OR total <> 0 OR rg_held <> 0 OR rg_deposit_used <> 0 OR rg_released <> 0 OR rg_unreleased <> 0
        OR rg_unreleased_dated <> 0 OR rg_released_on_deposit <> 0 OR deposit_paid <> 0`,
    sql`SELECT o.market_id, o.project_id, o.agency_id, o.rg_held > 0, o.oracle_id IS NOT NULL,
        (o.release_date IS NOT NULL OR o.delivery_date IS NOT NULL), count(*), sum(o.total)::numeric(20, 2),
        sum(o.rg_held)::numeric(20, 2), sum(o.rg_deposit_used)::numeric(20, 2), sum(o.rg_released)::numeric(20, 2),
        sum(o.rg_unreleased)::numeric(20, 2), sum(o.rg_unreleased_dated)::numeric(20, 2),
        sum(o.rg_released_on_deposit)::numeric(20, 2), sum(o.deposit_paid)::numeric(20, 2)
      FROM orders o GROUP BY 1, 2, 3, 4, 5, 6`,
  );
  const orderNodes = await difference(
    db,
    sql`SELECT node_id, project_id, agency_id, orders, total::numeric(20, 2), total_ttc::numeric(20, 2)
      FROM order_node_summaries WHERE orders <> 0 OR total <> 0 OR total_ttc <> 0`,
    sql`SELECT coalesce(o.wf_node_id, 0), o.project_id, o.agency_id, count(*), sum(o.total)::numeric(20, 2),
        sum(o.total_ttc)::numeric(20, 2)
      FROM orders o GROUP BY 1, 2, 3`,
  );
  const attachmentNodes = await difference(
    db,
    sql`SELECT node_id, project_id, agency_id, attachments, amount::numeric(20, 2), rg::numeric(20, 2), deposit_used::numeric(20, 2)
      FROM attachment_node_summaries WHERE attachments <> 0 OR amount <> 0 OR rg <> 0 OR deposit_used <> 0`,
    sql`SELECT coalesce(att.wf_node_id, 0), o.project_id, o.agency_id, count(*), sum(att.amount)::numeric(20, 2),
        sum(att.rg)::numeric(20, 2), sum(att.deposit_used)::numeric(20, 2)
      FROM attachments att JOIN orders o ON o.id = att.order_id GROUP BY 1, 2, 3`,
  );
  const groups = sql`SELECT min(q.line_key) AS id, q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id,
      q.prestation_id, q.unit_price, sum(q.quantity_ordered)::numeric(16, 1) AS quantity_ordered,
      sum(q.quantity_done)::numeric(16, 1) AS quantity_done, sum(q.amount_ordered)::numeric(18, 2) AS amount_ordered,
      sum(q.amount_done)::numeric(18, 2) AS amount_done
    FROM (
      SELECT ol.id::bigint * 2 AS line_key, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
        ol.prestation_id, ol.unit_price, ol.quantity AS quantity_ordered, 0::numeric AS quantity_done,
        ol.total AS amount_ordered, 0::numeric AS amount_done
      FROM order_lines ol JOIN orders o ON o.id = ol.order_id
      JOIN workflow_tokens otk ON otk.entity_name = 'order' AND otk.entity_id = o.id
      JOIN workflow_nodes onode ON onode.id = otk.node_id AND onode.code IN ('os_validated', 'os_closed')
      UNION ALL
      SELECT al.id::bigint * 2 + 1, o.project_id, o.market_id, o.imputation_id, o.oscar_subproject_id,
        al.prestation_id, al.unit_price, 0::numeric, al.quantity, 0::numeric, al.total
      FROM attachment_lines al JOIN attachments att ON att.id = al.attachment_id JOIN orders o ON o.id = att.order_id
      JOIN workflow_tokens awt ON awt.entity_name = 'attachement' AND awt.entity_id = att.id
      JOIN workflow_nodes awn ON awn.id = awt.node_id AND awn.code IN ('att_validated', 'att_prepared_for_payment', 'att_paid')
    ) q
    GROUP BY q.project_id, q.market_id, q.imputation_id, q.oscar_subproject_id, q.prestation_id, q.unit_price`;
  const quantities = await difference(
    db,
    sql`SELECT id, project_id, market_id, imputation_id, oscar_subproject_id, prestation_id, unit_price, quantity_ordered,
        quantity_done, amount_ordered, amount_done FROM market_quantities`,
    groups,
  );
  const quantityTotals = await difference(
    db,
    sql`SELECT market_id, groups, amount_ordered, amount_done FROM market_quantity_totals
      WHERE groups <> 0 OR amount_ordered <> 0 OR amount_done <> 0`,
    sql`SELECT g.market_id, count(*)::bigint, sum(g.amount_ordered)::numeric(18, 2), sum(g.amount_done)::numeric(18, 2)
      FROM (${groups}) g GROUP BY g.market_id`,
  );
  const budgetOd = await difference(
    db,
    sql`SELECT id, statement_id, statement_date, market_id, attachment_id, type_id, amount FROM budget_od_rows`,
    sql`SELECT min(al.id), ms.id, ms.date, ms.market_id, msa.attachment_id, pr.type_id, sum(al.total)::numeric(18, 2)
      FROM monthly_statement_attachments msa
      JOIN monthly_statements ms ON ms.id = msa.statement_id
      JOIN attachment_lines al ON al.attachment_id = msa.attachment_id
      JOIN prestations pr ON pr.id = al.prestation_id
      GROUP BY ms.id, msa.attachment_id, pr.type_id`,
  );
  // each statement's invoiced sums (0041, 0056) and released RG (0055), then the summaries per market
  const statementFigures = await difference(
    db,
    sql`SELECT id, attachment_count, attachment_amount, attachment_rg, attachment_deposit_used, rg_released FROM monthly_statements`,
    sql`SELECT s.id, (SELECT count(*)::int FROM monthly_statement_attachments msa WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(att.amount), 0)::numeric(14, 2) FROM monthly_statement_attachments msa
          JOIN attachments att ON att.id = msa.attachment_id WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(att.rg), 0)::numeric(14, 2) FROM monthly_statement_attachments msa
          JOIN attachments att ON att.id = msa.attachment_id WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(att.deposit_used), 0)::numeric(14, 2) FROM monthly_statement_attachments msa
          JOIN attachments att ON att.id = msa.attachment_id WHERE msa.statement_id = s.id),
        (SELECT coalesce(sum(r.amount), 0)::numeric(14, 2) FROM monthly_statement_rg_releases r WHERE r.statement_id = s.id)
      FROM monthly_statements s`,
  );
  // the node summaries rolled up per node and stripe of projects (0058), against the rows themselves
  const orderRollUps = await difference(
    db,
    sql`SELECT node_id, stripe, orders, total::numeric(20, 2), total_ttc::numeric(20, 2)
      FROM order_node_rollups WHERE orders <> 0 OR total <> 0 OR total_ttc <> 0`,
    sql`SELECT coalesce(o.wf_node_id, 0), o.project_id % 16, count(*), sum(o.total)::numeric(20, 2), sum(o.total_ttc)::numeric(20, 2)
      FROM orders o GROUP BY 1, 2`,
  );
  const attachmentRollUps = await difference(
    db,
    sql`SELECT node_id, stripe, attachments, amount::numeric(20, 2), rg::numeric(20, 2), deposit_used::numeric(20, 2)
      FROM attachment_node_rollups WHERE attachments <> 0 OR amount <> 0 OR rg <> 0 OR deposit_used <> 0`,
    sql`SELECT coalesce(att.wf_node_id, 0), o.project_id % 16, count(*), sum(att.amount)::numeric(20, 2),
        sum(att.rg)::numeric(20, 2), sum(att.deposit_used)::numeric(20, 2)
      FROM attachments att JOIN orders o ON o.id = att.order_id GROUP BY 1, 2`,
  );
  // and per user over the user's projects (0059)
  const orderUserRollUps = await difference(
    db,
    sql`SELECT user_id, node_id, orders, total::numeric(20, 2), total_ttc::numeric(20, 2)
      FROM order_node_user_rollups WHERE orders <> 0 OR total <> 0 OR total_ttc <> 0`,
    sql`SELECT up.user_id, coalesce(o.wf_node_id, 0), count(*), sum(o.total)::numeric(20, 2), sum(o.total_ttc)::numeric(20, 2)
      FROM orders o JOIN user_projects up ON up.project_id = o.project_id GROUP BY 1, 2`,
  );
  const attachmentUserRollUps = await difference(
    db,
    sql`SELECT user_id, node_id, attachments, amount::numeric(20, 2), rg::numeric(20, 2), deposit_used::numeric(20, 2)
      FROM attachment_node_user_rollups WHERE attachments <> 0 OR amount <> 0 OR rg <> 0 OR deposit_used <> 0`,
    sql`SELECT up.user_id, coalesce(att.wf_node_id, 0), count(*), sum(att.amount)::numeric(20, 2),
        sum(att.rg)::numeric(20, 2), sum(att.deposit_used)::numeric(20, 2)
      FROM attachments att JOIN orders o ON o.id = att.order_id JOIN user_projects up ON up.project_id = o.project_id
      GROUP BY 1, 2`,
  );
  const summaries = await statementSummaries(db);
  const statementSummaryDrift = JSON.stringify(summaries.stored) === JSON.stringify(summaries.recomputed) ? [] : [summaries];
  return {
    orderSummaries,
    orderNodes,
    attachmentNodes,
    orderRollUps,
    attachmentRollUps,
    orderUserRollUps,
    attachmentUserRollUps,
    quantities,
    quantityTotals,
    budgetOd,
    statementFigures,
    statementSummaries: statementSummaryDrift,
  };
}

const none = {
  orderSummaries: [],
  orderNodes: [],
  attachmentNodes: [],
  orderRollUps: [],
  attachmentRollUps: [],
  orderUserRollUps: [],
  attachmentUserRollUps: [],
  quantities: [],
  quantityTotals: [],
  budgetOd: [],
  statementFigures: [],
  statementSummaries: [],
};

/** A subset of a table's rows: those whose id falls on `rest` modulo `modulo` (1: every row). */
type Subset = { modulo: number; rest: number };
const subset: fc.Arbitrary<Subset> = fc
  .integer({ min: 1, max: 4 })
  .chain((modulo) => fc.record({ modulo: fc.constant(modulo), rest: fc.integer({ min: 0, max: modulo - 1 }) }));
const inSubset = (column: SQL, s: Subset) => sql`${column} % ${s.modulo} = ${s.rest}`;

type Write =
  | { op: 'copyOrders'; rows: Subset }
  | { op: 'deleteCopies'; rows: Subset }
  | { op: 'moveOrders'; rows: Subset; pick: number; keys: ('project' | 'agency' | 'market' | 'imputation' | 'node')[] }
  | { op: 'orderFigures'; rows: Subset; cents: number }
  | { op: 'moveTokens'; entity: 'order' | 'attachement'; rows: Subset; pick: number }
  | { op: 'addAttachmentLines'; rows: Subset; pick: number }
  | { op: 'changeLines'; table: 'attachment_lines' | 'order_lines'; rows: Subset; halves: number }
  | { op: 'removeLines'; table: 'attachment_lines' | 'order_lines'; rows: Subset }
  | { op: 'retypePrestations'; rows: Subset; pick: number }
  | { op: 'invoiceAttachments'; rows: Subset; pick: number }
  | { op: 'attachmentMoney'; rows: Subset; cents: number }
  | { op: 'projectUsers'; change: 'give' | 'take' | 'pass'; rows: Subset; pick: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ op: fc.constant('copyOrders' as const), rows: subset }),
  fc.record({ op: fc.constant('deleteCopies' as const), rows: subset }),
  fc.record({
    op: fc.constant('moveOrders' as const),
    rows: subset,
    pick: fc.nat(1000),
    keys: fc.subarray(['project', 'agency', 'market', 'imputation', 'node'] as const, { minLength: 1 }),
  }),
  fc.record({ op: fc.constant('orderFigures' as const), rows: subset, cents: fc.integer({ min: -5000, max: 5000 }) }),
  fc.record({
    op: fc.constant('moveTokens' as const),
    entity: fc.constantFrom('order' as const, 'attachement' as const),
    rows: subset,
    pick: fc.nat(1000),
  }),
  fc.record({ op: fc.constant('addAttachmentLines' as const), rows: subset, pick: fc.nat(1000) }),
  fc.record({
    op: fc.constant('changeLines' as const),
    table: fc.constantFrom('attachment_lines' as const, 'order_lines' as const),
    rows: subset,
    halves: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    op: fc.constant('removeLines' as const),
    table: fc.constantFrom('attachment_lines' as const, 'order_lines' as const),
    rows: subset,
  }),
  fc.record({ op: fc.constant('retypePrestations' as const), rows: subset, pick: fc.nat(1000) }),
  fc.record({ op: fc.constant('invoiceAttachments' as const), rows: subset, pick: fc.nat(1000) }),
  fc.record({ op: fc.constant('attachmentMoney' as const), rows: subset, cents: fc.integer({ min: -5000, max: 5000 }) }),
  fc.record({
    op: fc.constant('projectUsers' as const),
    change: fc.constantFrom('give' as const, 'take' as const, 'pass' as const),
    rows: subset,
    pick: fc.nat(1000),
  }),
);

/** The money of a subset of the attachments, invoiced or not, in one UPDATE (amount up, RG down, or the reverse). */
const attachmentMoney = (rows: Subset, cents: number) =>
  sql`UPDATE attachments SET amount = greatest(amount + ${cents}::numeric / 100, 0), rg = greatest(rg - ${cents}::numeric / 1000, 0),
      deposit_used = CASE WHEN id % 3 = 0 THEN deposit_used ELSE greatest(deposit_used + ${cents}::numeric / 2000, 0) END
    WHERE ${inSubset(sql`id`, rows)}`;

/** One statement over many rows; `copies` is the first id of the orders the run copied. */
async function apply(db: Database, w: Write, copies: number) {
  switch (w.op) {
    case 'copyOrders':
      // every column of the copied orders, under a new id, reference and sequence
      await db.execute(sql`INSERT INTO orders
        SELECT (jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object('id', c.id, 'reference', o.reference || '-' || c.id,
          'reference_sequence', 1000000 + c.id))).*
        FROM orders o
        CROSS JOIN LATERAL (SELECT (SELECT coalesce(max(id) + 1, ${copies}) FROM orders WHERE id >= ${copies}) AS first) f
        CROSS JOIN LATERAL (SELECT f.first + (SELECT count(*) FROM orders p WHERE p.id < o.id AND p.id < ${copies}
          AND ${inSubset(sql`p.id`, w.rows)})::int AS id) c
        WHERE o.id < ${copies} AND ${inSubset(sql`o.id`, w.rows)}`);
      return;
    case 'deleteCopies':
      await db.execute(sql`DELETE FROM orders WHERE id >= ${copies} AND ${inSubset(sql`id`, w.rows)}`);
      return;
    case 'moveOrders': {
      const other = (table: string) =>
        sql`(SELECT t.id FROM ${sql.identifier(table)} t ORDER BY (t.id * 7919 + ${w.pick} + o.id) % 101, t.id LIMIT 1)`;
      const columns = {
        project: sql`project_id = ${other('projects')}`,
        agency: sql`agency_id = ${other('agencies')}`,
        // a sequence of its own: two orders moved into one market must not share (market, year, sequence)
        market: sql`market_id = ${other('markets')}, reference_sequence = 2000000 + o.id`,
        node: sql`wf_node_id = CASE WHEN (o.id + ${w.pick}) % 4 = 0 THEN NULL ELSE ${other('workflow_nodes')} END`,
        imputation: sql`imputation_id = CASE WHEN (o.id + ${w.pick}) % 3 = 0 THEN NULL ELSE ${other('imputations')} END`,
      };
      const sets = w.keys.map((key) => columns[key]);
      await db.execute(sql`UPDATE orders o SET ${sql.join(sets, sql`, `)} WHERE ${inSubset(sql`o.id`, w.rows)}`);
      return;
    }
    case 'orderFigures':
      await db.execute(sql`UPDATE orders SET total = total + ${w.cents}::numeric / 100, total_ttc = total_ttc + ${w.cents}::numeric / 50,
          rg_held = CASE WHEN id % 2 = 0 THEN rg_held + 1 ELSE 0 END
        WHERE ${inSubset(sql`id`, w.rows)}`);
      return;
    case 'moveTokens':
      // to another node of the same workflow (the items' stored node follows)
      await db.execute(sql`UPDATE workflow_tokens t SET node_id = (SELECT n2.id FROM workflow_nodes n2
          WHERE n2.workflow_id = n.workflow_id ORDER BY (n2.id * 7919 + ${w.pick} + t.id) % 101, n2.id LIMIT 1)
        FROM workflow_nodes n
        WHERE n.id = t.node_id AND t.entity_name = ${w.entity} AND ${inSubset(sql`t.entity_id`, w.rows)}`);
      return;
    case 'addAttachmentLines':
      await db.execute(sql`INSERT INTO attachment_lines (attachment_id, prestation_id, unit_price, quantity, total)
        SELECT att.id, p.id, 12.5, 3, 37.5 FROM attachments att
        CROSS JOIN LATERAL (SELECT p.id FROM prestations p ORDER BY (p.id * 7919 + ${w.pick} + att.id) % 101, p.id LIMIT 3) p
        WHERE ${inSubset(sql`att.id`, w.rows)}
        ON CONFLICT DO NOTHING`);
      return;
    case 'changeLines':
      await db.execute(sql`UPDATE ${sql.identifier(w.table)} SET quantity = ${w.halves}::numeric / 2,
          total = (unit_price * ${w.halves} / 2)::numeric(14, 2)
        WHERE ${inSubset(sql`id`, w.rows)}`);
      return;
    case 'removeLines':
      await db.execute(sql`DELETE FROM ${sql.identifier(w.table)} WHERE ${inSubset(sql`id`, w.rows)}`);
      return;
    case 'invoiceAttachments':
      // the attachments not invoiced yet, of a subset, all into one statement (one INSERT of the links)
      await db.execute(sql`INSERT INTO monthly_statement_attachments (statement_id, attachment_id)
        SELECT (SELECT s.id FROM monthly_statements s ORDER BY (s.id * 7919 + ${w.pick}) % 101, s.id LIMIT 1), att.id
        FROM attachments att
        WHERE ${inSubset(sql`att.id`, w.rows)}
          AND NOT EXISTS (SELECT 1 FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id)
        ORDER BY att.id`);
      return;
    case 'attachmentMoney':
      await db.execute(attachmentMoney(w.rows, w.cents));
      return;
    case 'projectUsers': {
      // projects given to users (a subset of the users, each a few projects), taken away, or passed on to another user
      const otherUser = sql`(SELECT u.id FROM users u ORDER BY (u.id * 7919 + ${w.pick} + up.project_id) % 101, u.id LIMIT 1)`;
      const statements = {
        give: sql`INSERT INTO user_projects (user_id, project_id)
          SELECT u.id, p.id FROM users u
          CROSS JOIN LATERAL (SELECT p.id FROM projects p ORDER BY (p.id * 7919 + ${w.pick} + u.id) % 101, p.id LIMIT 3) p
          WHERE ${inSubset(sql`u.id`, w.rows)}
          ON CONFLICT DO NOTHING`,
        take: sql`DELETE FROM user_projects WHERE ${inSubset(sql`(user_id + project_id)`, w.rows)}`,
        pass: sql`UPDATE user_projects up SET user_id = ${otherUser}
          WHERE ${inSubset(sql`(up.user_id + up.project_id)`, w.rows)}
            AND up.user_id = (SELECT min(f.user_id) FROM user_projects f WHERE f.project_id = up.project_id)
            AND NOT EXISTS (SELECT 1 FROM user_projects o WHERE o.user_id = ${otherUser} AND o.project_id = up.project_id)`,
      };
      await db.execute(statements[w.change]);
      return;
    }
    case 'retypePrestations':
      await db.execute(sql`UPDATE prestations p SET type_id = (SELECT t.id FROM prestation_types t
          ORDER BY (t.id * 7919 + ${w.pick} + p.id) % 101, t.id LIMIT 1)
        WHERE ${inSubset(sql`p.id`, w.rows)}`);
      return;
  }
}

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
