import { MARKET_VAT_RATES, MARKET_VAT_TYPES } from '@isf/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects, userProjects } from '../src/db/schema/index.js';
import {
  generateStatements,
  refreshStatementSummaries,
  statementList,
  statementSummaries,
} from '../src/modules/monthly-statements/index.js';
import { parseListQuery, runList } from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import { uniqueName } from './helper.js';
import { marketWithBpu } from './orders-fixtures.js';
import { type SeededMarket, seedGenerationMarkets } from './statement-generation-seed.js';
import { formerStatementList } from './statement-list-former-query.js';

/**
 * The statement list's unfiltered count and totals read `statement_summaries` (migration 0055), kept by
 * triggers: after random sequences of statement writes — generation, statements created by hand, attachments
 * added and removed, RG released and taken back, paid, unpaid, deleted, an invoiced attachment's money, the
 * money of every attachment of a statement in one UPDATE and a market's VAT edited by SQL (as a script would) —
 * each statement's stored figures and the stored summaries equal their recomputation from the links, the list's
 * totals (`summary=only`, `summary=true`) those of the former list (every statement summed,
 * `statement-list-former-query.ts`), for the administrator and for a project scope, and the RG released the
 * list shows for each statement (its stored `rg_released`) the sum of its releases.
 */
const suite = adminSuite();
const { send } = suite;
let template: { marketId: number; orderId: number };
let admin: Principal;
let run = 0;

beforeAll(async () => {
  const market = await marketWithBpu(suite.app, suite.db, suite.admin);
  template = { marketId: market.marketId, orderId: await suite.fx.validatedOrder(market, ['10', '4']) };
  admin = await suite.principalOf('admin');
});

const seedAttachment = fc.record({
  cents: fc.integer({ min: 0, max: 5_000_000 }),
  rgCents: fc.integer({ min: 0, max: 200_000 }),
  usedCents: fc.integer({ min: 0, max: 100_000 }),
  due: fc.boolean(),
  validated: fc.boolean(),
});
const seedMarket = fc.record({
  tva: fc.constantFrom(...MARKET_VAT_TYPES),
  attachments: fc.array(seedAttachment, { minLength: 1, maxLength: 5 }),
});

/** One write, its statement and attachment picked by position among those that exist (modulo). */
const step = fc.oneof(
  fc.record({ kind: fc.constant('generate' as const), june: fc.boolean() }),
  fc.record({ kind: fc.constant('create' as const), market: fc.nat() }),
  fc.record({ kind: fc.constant('invoice' as const), statement: fc.nat(), attachment: fc.nat() }),
  fc.record({ kind: fc.constant('uninvoice' as const), statement: fc.nat(), attachment: fc.nat() }),
  fc.record({ kind: fc.constant('release' as const), statement: fc.nat(), attachment: fc.nat() }),
  fc.record({ kind: fc.constant('unrelease' as const), statement: fc.nat(), attachment: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), statement: fc.nat() }),
  fc.record({ kind: fc.constant('unpay' as const), statement: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), statement: fc.nat() }),
  fc.record({ kind: fc.constant('money' as const), attachment: fc.nat(), cents: fc.integer({ min: -5000, max: 5000 }) }),
  fc.record({ kind: fc.constant('bulkMoney' as const), statement: fc.nat(), cents: fc.integer({ min: -5000, max: 5000 }) }),
  fc.record({ kind: fc.constant('vat' as const), market: fc.nat(), tva: fc.constantFrom(...MARKET_VAT_TYPES) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const cents = (value: number) => (value / 100).toFixed(2);
const pick = <T>(values: readonly T[], index: number): T | undefined => values[index % Math.max(values.length, 1)];

async function statementsOf(projectId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    suite.db,
    sql`SELECT s.id FROM monthly_statements s JOIN markets m ON m.id = s.market_id WHERE m.project_id = ${projectId} ORDER BY s.id`,
  );
  return rows.map((row) => row.id);
}

async function apply(projectId: number, seeded: SeededMarket[], attachmentIds: number[], write: Step): Promise<void> {
  const statements = await statementsOf(projectId);
  const statement = 'statement' in write ? pick(statements, write.statement) : undefined;
  const attachment = 'attachment' in write ? pick(attachmentIds, write.attachment) : undefined;
  const market = 'market' in write ? pick(seeded, write.market) : undefined;
  const expectHandled = async (response: Promise<{ statusCode: number; body: string }>) => {
    const reply = await response;
    // a refusal (locked, not a candidate, already invoiced) is a possible outcome; an error is not
    expect(reply.statusCode, reply.body).toBeLessThan(500);
  };
  switch (write.kind) {
    case 'generate':
      await generateStatements(suite.db, {
        projectIds: [projectId],
        today: write.june ? '2031-06-15' : '2031-05-15',
        principal: null,
        context: { principal: null, requestId: 'summaries' },
      });
      return;
    case 'create':
      if (market) {
        await expectHandled(send('POST', '/api/situation/create', { market: market.marketId, sap: 'SAP-P' }));
      }
      return;
    case 'invoice':
      if (statement && attachment) {
        await expectHandled(send('POST', `/api/situation/${statement}/attachement`, [attachment]));
      }
      return;
    case 'uninvoice':
      if (statement && attachment) {
        await expectHandled(send('DELETE', `/api/situation/${statement}/attachement/${attachment}`));
      }
      return;
    case 'release':
      if (statement && attachment) {
        await expectHandled(send('POST', `/api/situation/${statement}/rg`, [attachment]));
      }
      return;
    case 'unrelease':
      if (statement && attachment) {
        await expectHandled(send('DELETE', `/api/situation/${statement}/attachement/${attachment}/rg`));
      }
      return;
    case 'pay':
      if (statement) {
        await expectHandled(send('POST', `/api/situation/${statement}/paid`));
      }
      return;
    case 'unpay':
      if (statement) {
        await expectHandled(send('POST', `/api/situation/${statement}/dangerously_unpay`));
      }
      return;
    case 'delete':
      if (statement) {
        await expectHandled(send('DELETE', `/api/situation/${statement}/delete`));
      }
      return;
    case 'money':
      // an invoiced attachment's money edited behind the app (the row trigger of 0041, then the summaries)
      if (attachment) {
        await suite.db.execute(sql`UPDATE attachments SET amount = greatest(amount + ${cents(write.cents)}::numeric, 0),
          rg = greatest(rg + ${cents(Math.trunc(write.cents / 10))}::numeric, 0) WHERE id = ${attachment}`);
      }
      return;
    case 'bulkMoney':
      // the money of every attachment the statement invoices, and of the project's others, in one UPDATE (the
      // statement trigger of 0056 recomputes each statement once)
      if (statement) {
        await suite.db.execute(sql`UPDATE attachments att SET amount = greatest(att.amount + ${cents(write.cents)}::numeric, 0),
            rg = greatest(att.rg - ${cents(Math.trunc(write.cents / 10))}::numeric, 0),
            deposit_used = greatest(att.deposit_used + ${cents(Math.trunc(write.cents / 20))}::numeric, 0)
          FROM orders o JOIN markets m ON m.id = o.market_id
          WHERE o.id = att.order_id AND (m.project_id = ${projectId}
            OR att.id IN (SELECT msa.attachment_id FROM monthly_statement_attachments msa WHERE msa.statement_id = ${statement}))`);
      }
      return;
    case 'vat':
      // the app refuses it once the market has a statement; a script may
      if (market) {
        await suite.db.execute(sql`UPDATE markets SET tva = ${write.tva} WHERE id = ${market.marketId}`);
      }
      return;
  }
}

/**
 * Each statement's stored figures (0041, 0055) against their sums from its links and releases, and the RG
 * released that the list's page shows for each statement (the stored column) against the sum of its releases.
 */
async function expectStatementFigures(projectId: number): Promise<void> {
  const figures = sql`SELECT s.id, s.attachment_count AS count, s.attachment_amount::text AS amount, s.attachment_rg::text AS rg,
      s.attachment_deposit_used::text AS used, s.rg_released::text AS released`;
  const stored = await rowsOf(suite.db, sql`${figures} FROM monthly_statements s ORDER BY s.id`);
  const recomputed = await rowsOf(
    suite.db,
    sql`SELECT s.id, t.count, t.amount::text AS amount, t.rg::text AS rg, t.used::text AS used, rel.released::text AS released
      FROM monthly_statements s
      CROSS JOIN LATERAL (SELECT count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
          coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
        FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
        WHERE msa.statement_id = s.id) t
      CROSS JOIN LATERAL (SELECT coalesce(sum(r.amount), 0)::numeric(14, 2) AS released
        FROM monthly_statement_rg_releases r WHERE r.statement_id = s.id) rel
      ORDER BY s.id`,
  );
  expect(stored).toEqual(recomputed);
  const released = await rowsOf<{ id: number; released: string }>(
    suite.db,
    sql`SELECT s.id, coalesce(sum(r.amount), 0)::numeric(14, 2)::text AS released
      FROM monthly_statements s JOIN markets m ON m.id = s.market_id
      LEFT JOIN monthly_statement_rg_releases r ON r.statement_id = s.id
      WHERE m.project_id = ${projectId} GROUP BY s.id ORDER BY s.id`,
  );
  const page = await runList(
    suite.db,
    statementList,
    parseListQuery({ sort: 'id,asc', size: '200', filters: JSON.stringify({ projectId: String(projectId) }) }),
    admin,
  );
  const shown = 'content' in page ? page.content.map((row) => ({ id: row.id, released: row.rgreleased })) : [];
  expect(shown).toEqual(released);
}

/** The list's totals and count on the summaries and on the former list (every row summed), for a principal. */
async function expectListTotals(principal: Principal, label: string): Promise<void> {
  for (const wire of [{ summary: 'only' }, { summary: 'true', size: '5' }]) {
    const query = parseListQuery(wire);
    expect(await runList(suite.db, statementList, query, principal), `${label} ${JSON.stringify(wire)}`).toEqual(
      await runList(suite.db, formerStatementList, query, principal),
    );
  }
}

describe('statement summaries follow every statement write', () => {
  it('computes the TTC at the rates of MARKET_VAT_RATES', async () => {
    for (const [tva, rate] of Object.entries(MARKET_VAT_RATES)) {
      const [row] = await rowsOf<{ ttc: string }>(suite.db, sql`SELECT statement_ttc(100, 10, 5, 2.5, ${tva})::text AS ttc`);
      expect(row?.ttc, tva).toBe(((87.5 * (100 + Number(rate))) / 100).toFixed(2));
    }
  });

  it('equal their recomputation and give the former list’s totals, after random writes', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(seedMarket, { minLength: 1, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (markets, steps) => {
          run += 1;
          const code = uniqueName('SUM');
          const [project] = await suite.db.insert(projects).values({ name: code, code }).returning({ id: projects.id });
          const projectId = project?.id ?? 0;
          const seeded = await seedGenerationMarkets(
            suite.db,
            template,
            projectId,
            markets.map((market) => ({
              tva: market.tva,
              attachments: market.attachments.map((row) => ({
                amount: cents(row.cents),
                rg: cents(Math.min(row.rgCents, row.cents)),
                depositUsed: cents(Math.min(row.usedCents, row.cents - Math.min(row.rgCents, row.cents))),
                rgReleaseDate: row.due ? '2031-01-01' : '2032-01-01',
                validated: row.validated,
              })),
            })),
            `s${run}`,
          );
          const attachmentIds = seeded.flatMap((row) => row.attachmentIds);
          for (const write of steps) {
            await apply(projectId, seeded, attachmentIds, write);
          }
          const { stored, recomputed } = await statementSummaries(suite.db);
          expect(stored).toEqual(recomputed);
          await expectStatementFigures(projectId);
          await expectListTotals(admin, 'admin');
          // a project scope: the administrator's own projects, this one among them every other run
          if (run % 2 === 0) {
            await suite.db.insert(userProjects).values({ userId: admin.userId, projectId }).onConflictDoNothing();
          }
          await expectListTotals({ ...admin, visibility: 2 }, 'project scope');
        },
      ),
      {
        numRuns: 12,
        // one run written out, so that every run of the suite releases an RG at least (the random ones may not)
        examples: [
          [
            [
              {
                tva: MARKET_VAT_TYPES[0],
                attachments: [{ cents: 1_000_000, rgCents: 50_000, usedCents: 0, due: true, validated: true }],
              },
            ],
            [
              { kind: 'create', market: 0 },
              { kind: 'release', statement: 0, attachment: 0 },
            ],
          ],
        ],
      },
    );
    const [written] = await rowsOf<{ statements: number; released: number; invoiced: number }>(
      suite.db,
      sql`SELECT (SELECT count(*)::int FROM monthly_statements) AS statements,
        (SELECT count(*)::int FROM monthly_statement_rg_releases) AS released,
        (SELECT count(*)::int FROM monthly_statement_attachments) AS invoiced`,
    );
    expect(written?.statements).toBeGreaterThan(1);
    expect(written?.invoiced).toBeGreaterThan(0);
    expect(written?.released).toBeGreaterThan(0);
  });

  it('drift from the statements without their triggers; a refresh rebuilds them', async () => {
    const [statement] = await rowsOf<{ id: number; marketId: number }>(
      suite.db,
      sql`SELECT id, market_id AS "marketId" FROM monthly_statements ORDER BY id LIMIT 1`,
    );
    expect(statement).toBeDefined();
    const [attachment] = await rowsOf<{ id: number }>(
      suite.db,
      sql`SELECT att.id FROM attachments att
        WHERE NOT EXISTS (SELECT 1 FROM monthly_statement_rg_releases r WHERE r.attachment_id = att.id)
        ORDER BY att.id LIMIT 1`,
    );
    let drifted: Awaited<ReturnType<typeof statementSummaries>> | undefined;
    await suite.db
      .transaction(async (tx) => {
        for (const operation of ['insert', 'update', 'delete']) {
          await tx.execute(sql.raw(`DROP TRIGGER statement_summaries_${operation} ON monthly_statements`));
        }
        await tx.execute(sql`INSERT INTO monthly_statement_rg_releases (statement_id, attachment_id, amount)
          VALUES (${statement?.id ?? 0}, ${attachment?.id ?? 0}, 12.34)`);
        await tx.execute(
          sql`INSERT INTO monthly_statements (market_id, date) VALUES (${statement?.marketId ?? 0}, '2031-05-31')`,
        );
        drifted = await statementSummaries(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) {
          throw error;
        }
      });
    expect(drifted?.stored).not.toEqual(drifted?.recomputed);
    // rolled back: the triggers are there again and the summaries right
    const kept = await statementSummaries(suite.db);
    expect(kept.stored).toEqual(kept.recomputed);
    // figures written behind the triggers (the bench generator's way) are rebuilt by the refresh
    await suite.db.execute(sql`UPDATE statement_summaries SET ttc = ttc + 1, statements = statements + 1`);
    await suite.db.execute(sql`UPDATE monthly_statements SET rg_released = rg_released + 1 WHERE id = ${statement?.id ?? 0}`);
    const stale = await statementSummaries(suite.db);
    expect(stale.stored).not.toEqual(stale.recomputed);
    await refreshStatementSummaries(suite.db);
    const rebuilt = await statementSummaries(suite.db);
    expect(rebuilt.stored).toEqual(rebuilt.recomputed);
    expect(rebuilt.stored.length).toBeGreaterThan(0);
  });
});
