import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Database } from '../src/db/client.js';

/**
 * The bulk writes of `bulk-triggers.property.test.ts`: the random writes (fast-check arbitraries), each one
 * statement over a subset of many rows, and `apply`, which performs one on the database.
 */

/** A subset of a table's rows: those whose id falls on `rest` modulo `modulo` (1: every row). */
type Subset = { modulo: number; rest: number };
const subset: fc.Arbitrary<Subset> = fc
  .integer({ min: 1, max: 4 })
  .chain((modulo) => fc.record({ modulo: fc.constant(modulo), rest: fc.integer({ min: 0, max: modulo - 1 }) }));
const inSubset = (column: SQL, s: Subset) => sql`${column} % ${s.modulo} = ${s.rest}`;

export type Write =
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

export const write: fc.Arbitrary<Write> = fc.oneof(
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
export const attachmentMoney = (rows: Subset, cents: number) =>
  sql`UPDATE attachments SET amount = greatest(amount + ${cents}::numeric / 100, 0), rg = greatest(rg - ${cents}::numeric / 1000, 0),
      deposit_used = CASE WHEN id % 3 = 0 THEN deposit_used ELSE greatest(deposit_used + ${cents}::numeric / 2000, 0) END
    WHERE ${inSubset(sql`id`, rows)}`;

/** One statement over many rows; `copies` is the first id of the orders the run copied. */
export async function apply(db: Database, w: Write, copies: number) {
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
