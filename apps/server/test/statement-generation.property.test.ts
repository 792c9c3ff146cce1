import { MARKET_VAT_TYPES, type StatementDetailRecord } from '@isf/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema/index.js';
import { depositConsumption, retentionOf } from '../src/modules/attachments/index.js';
import { generateStatements } from '../src/modules/monthly-statements/index.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { adminSuite } from './admin-suite.js';
import { inject, uniqueName } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';
import { type SeedMarket, seedGenerationMarkets } from './statement-generation-seed.js';

/**
 * The generation on the database (issue 11; the figures' formulas alone are in
 * src/modules/monthly-statements/statement-figures.property.test.ts): random markets (VAT regime, a deposit),
 * attachments (amount, RG rate, release date, validated or not) written as stored rows, then the generation of
 * one month, again (twice at once), and of the next month; then every statement paid and its parents edited.
 */

const suite = adminSuite();
let template: { marketId: number; orderId: number };
let prestation: number;
let run = 0;

beforeAll(async () => {
  const market = await marketWithBpu(suite.app, suite.db, suite.admin);
  template = { marketId: market.marketId, orderId: await suite.fx.validatedOrder(market, ['10', '4']) };
  prestation = (await pricesOf(suite.db, market.bpuId))[0]?.prestation ?? 0;
});

const MAY = '2031-05-15';
const JUNE = '2031-06-15';
const dayOffset = (days: number) => new Date(Date.UTC(2031, 4, 15 + days)).toISOString().slice(0, 10);

const attachment = fc.record({
  cents: fc.integer({ min: 0, max: 5_000_000 }),
  rate: fc.integer({ min: 0, max: 1000 }),
  /** Its RG release date, in days from the May run (-60 … +60: due in May, in June, or later). */
  dueIn: fc.integer({ min: -60, max: 60 }),
  validated: fc.boolean(),
});
const market = fc.record({
  tva: fc.constantFrom(...MARKET_VAT_TYPES),
  deposit: fc.integer({ min: 0, max: 2_000_000 }),
  attachments: fc.array(attachment, { maxLength: 6 }),
});

/** The stored rows as the app would have written them: the RG at the rate, the deposit consumed in order. */
type MarketInput = {
  tva: SeedMarket['tva'];
  deposit: number;
  attachments: { cents: number; rate: number; dueIn: number; validated: boolean }[];
};

function seedOf(input: MarketInput): SeedMarket {
  let used = '0.00';
  const deposit = new Decimal(input.deposit).dividedBy(100).toFixed(2);
  return {
    tva: input.tva,
    attachments: input.attachments.map((row) => {
      const amount = new Decimal(row.cents).dividedBy(100).toFixed(2);
      const rgRate = new Decimal(row.rate).dividedBy(100).toFixed(2);
      const { rg } = retentionOf(amount, { marketType: 'basic', orderType: null, rgRate, threshold: null, orderTotal: amount });
      let depositUsed = '0.00';
      if (row.validated) {
        depositUsed = depositConsumption(new Decimal(amount).minus(rg).toFixed(2), [{ id: 1, amount: deposit, used }]).total;
        used = new Decimal(used).plus(depositUsed).toFixed(2);
      }
      return { amount, rg, depositUsed, rgReleaseDate: dayOffset(row.dueIn), validated: row.validated };
    }),
  };
}

const generate = (projectId: number, today: string) =>
  generateStatements(suite.db, {
    projectIds: [projectId],
    today,
    principal: null,
    context: { principal: null, requestId: 'property' },
  });

type Link = { statementId: number; attachmentId: number; amount?: string };

/** Everything the generation wrote on the project, ordered. */
async function stateOf(projectId: number) {
  const statements = await rowsOf<{ id: number; marketId: number; date: string; month: string }>(
    suite.db,
    sql`SELECT s.id, s.market_id AS "marketId", s.date::text AS date, s.generated_month AS month
      FROM monthly_statements s JOIN markets m ON m.id = s.market_id WHERE m.project_id = ${projectId} ORDER BY s.id`,
  );
  const ids =
    statements.length > 0
      ? sql.join(
          statements.map((row) => sql`${row.id}`),
          sql`, `,
        )
      : sql`NULL`;
  const invoiced = await rowsOf<Link>(
    suite.db,
    sql`SELECT statement_id AS "statementId", attachment_id AS "attachmentId" FROM monthly_statement_attachments
      WHERE statement_id IN (${ids}) ORDER BY attachment_id`,
  );
  const released = await rowsOf<Link>(
    suite.db,
    sql`SELECT statement_id AS "statementId", attachment_id AS "attachmentId", amount::text AS amount
      FROM monthly_statement_rg_releases WHERE statement_id IN (${ids}) ORDER BY attachment_id, statement_id`,
  );
  return { statements, invoiced, released };
}

const detailOf = async (id: number) => {
  const response = await inject(suite.app, { method: 'GET', url: `/api/situation/${id}`, token: suite.admin });
  expect(response.statusCode, response.body).toBe(200);
  const { version: _version, ...figures } = response.json() as StatementDetailRecord & { version: number };
  return figures;
};

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

describe('monthly statement generation on the database, for random markets, attachments, deposits and releases', () => {
  // eight random projects, each generated five times, paid and edited: minutes on a loaded machine, on
  // PGlite and on PostgreSQL (the PG pass of .ci/run, where the two runs at once really run at once)
  it('sums, once per month, releases each RG once, and no parent edit moves a paid figure', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(market, { minLength: 1, maxLength: 3 }), async (inputs) => {
        run += 1;
        const code = uniqueName('PROP');
        const [project] = await suite.db.insert(projects).values({ name: code, code }).returning({ id: projects.id });
        const projectId = project?.id ?? 0;
        const seeds = inputs.map(seedOf);
        const seeded = await seedGenerationMarkets(suite.db, template, projectId, seeds, `p${run}`);
        const attachments = seeded.flatMap((row, index) =>
          (seeds[index]?.attachments ?? []).map((seed, position) => ({ ...seed, id: row.attachmentIds[position] ?? 0 })),
        );
        const byId = new Map(attachments.map((row) => [row.id, row]));

        // generation run twice (once more, then twice at once) equals generation run once
        await generate(projectId, MAY);
        const once = await stateOf(projectId);
        const again = await Promise.all([generate(projectId, MAY), generate(projectId, MAY)]);
        expect(again.map((result) => result.created)).toEqual([0, 0]);
        expect(await stateOf(projectId)).toEqual(once);
        await generate(projectId, JUNE);
        await generate(projectId, JUNE);
        const { statements, invoiced, released } = await stateOf(projectId);

        // each validated attachment invoiced exactly once, in May; a draft never; one statement per market and month
        expect(invoiced.map((row) => row.attachmentId).sort((a, b) => a - b)).toEqual(
          attachments.filter((row) => row.validated).map((row) => row.id),
        );
        expect(new Set(statements.map((row) => `${row.marketId} ${row.month}`)).size).toBe(statements.length);
        const dateOf = new Map(statements.map((row) => [row.id, row.date]));
        for (const link of invoiced) {
          expect(dateOf.get(link.statementId)).toBe(MAY);
        }
        // a retention released once, its whole RG, once due, by June every due one
        expect(new Set(released.map((row) => row.attachmentId)).size).toBe(released.length);
        for (const release of released) {
          const row = byId.get(release.attachmentId);
          expect(row?.validated).toBe(true);
          expect(release.amount).toBe(row?.rg);
          expect((row?.rgReleaseDate ?? '') <= (dateOf.get(release.statementId) ?? '')).toBe(true);
        }
        expect(released.map((row) => row.attachmentId).sort((a, b) => a - b)).toEqual(
          attachments
            .filter((row) => row.validated && Number(row.rg) > 0 && (row.rgReleaseDate ?? '') <= JUNE)
            .map((row) => row.id),
        );

        // every statement's figures are the sums of its attachments and releases; TTC = with released RG + VAT
        const figures = new Map<number, Awaited<ReturnType<typeof detailOf>>>();
        for (const statement of statements) {
          const detail = await detailOf(statement.id);
          const mine = invoiced.filter((row) => row.statementId === statement.id).map((row) => byId.get(row.attachmentId));
          expect(detail.totalAmount).toBe(sum(mine.map((row) => row?.amount ?? '0')));
          expect(detail.rgamount).toBe(sum(mine.map((row) => row?.rg ?? '0')));
          expect(detail.depositUsed).toBe(sum(mine.map((row) => row?.depositUsed ?? '0')));
          expect(detail.rgreleased).toBe(
            sum(released.filter((row) => row.statementId === statement.id).map((row) => row.amount ?? '0')),
          );
          expect(detail.totalAmountTTC).toBe(new Decimal(detail.totalAmountWithReleasedRG).plus(detail.tvaamount).toFixed(2));
          const paid = await inject(suite.app, {
            method: 'POST',
            url: `/api/situation/${statement.id}/paid`,
            token: suite.admin,
          });
          expect(paid.statusCode, paid.body).toBe(200);
          figures.set(statement.id, await detailOf(statement.id));
        }
        const stored = await storedFigures(projectId);

        // the parents edited: market VAT regime and retention, order, attachment lines (refused or not reaching)
        for (const [index, row] of seeded.entries()) {
          const current = await suite.fx.json(await suite.fx.send('GET', `/api/market/${row.marketId}`));
          const tva = MARKET_VAT_TYPES[(MARKET_VAT_TYPES.indexOf(current.tva) + 1 + index) % MARKET_VAT_TYPES.length];
          await suite.fx.send('PUT', `/api/market/${row.marketId}`, { ...current, tva, rgRate: '7.5' });
          await suite.fx.send('PUT', '/api/orders', [{ id: row.orderId, deliveryDate: '2030-01-01' }]);
          for (const id of row.attachmentIds) {
            await suite.fx.saveLines(id, [{ prestation, quantity: '3' }]);
          }
        }
        for (const statement of statements) {
          expect(await detailOf(statement.id)).toEqual(figures.get(statement.id));
        }
        expect(await storedFigures(projectId)).toEqual(stored);
      }),
      { numRuns: 8, endOnFailure: true },
    );
  });
});

/** The stored money of the project's orders and attachments. */
function storedFigures(projectId: number) {
  return rowsOf(
    suite.db,
    sql`SELECT att.id, att.amount::text, att.rg::text, att.deposit_used::text AS "depositUsed", o.total::text AS "orderTotal"
      FROM attachments att JOIN orders o ON o.id = att.order_id
      WHERE o.project_id = ${projectId} AND EXISTS (SELECT 1 FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id)
      ORDER BY att.id`,
  );
}
