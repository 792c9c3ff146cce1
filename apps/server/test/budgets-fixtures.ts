import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import {
  imputations,
  markets,
  monthlyStatements,
  orders,
  prestationPrices,
  prestations,
  prestationTypes,
  projects,
} from '../src/db/schema/index.js';
import { type AdminSuite, adminSuite } from './admin-suite.js';
import { inject, uniqueName } from './helper.js';
import { createOrder, marketWithBpu, pricesOf } from './orders-fixtures.js';

export const P0 = '100.00';
export const P1 = '12.50';

type BudgetIds = Record<'m1' | 'm2' | 'm3' | 'o1' | 'o1b' | 'o2' | 'o3' | 'projectA' | 'projectB', number> &
  Record<'s1' | 's2' | 's3' | 's4' | 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'a7' | 'a8', number>;

/**
 * The budget screens' fixture computed by hand (docs/money.md "Budgets"), built by `budgetSuite()`: two
 * projects, three markets whose BPUs price P0 at 100.00 and P1 at 12.50 (retention basic 5 %):
 *
 * - M1 (project A, ceiling 1,000.00, eOTP ST `ST-M1`): order O1 validated (10 P0 + 4 P1 = 1,050.00, imputation
 *   `EOTP-A`), order O1b in draft (5 P0 = 500.00). O1's attachments: a1 3 P0 = 300.00 validated, invoiced in
 *   statement S1 paid (2026-01-15); a2 2 P0 + 2 P1 = 225.00 validated, in statement S2 unpaid (2026-02-10);
 *   a3 2 P1 = 25.00 validated, in no statement; a4 1 P0 draft; a5 1 P0 refused; a6 1 P1 awaiting validation.
 * - M2 (project A, ceiling 5,000.00): order O2 validated (4 P0 = 400.00) with a deposit of 50.00; a7 4 P0 =
 *   400.00 validated (consumes the 50.00), in no statement; its RG (20.00) released by statement S3.
 * - M3 (project B, ceiling 300.00, a payment guarantee on the project): order O3 validated (5 P0 + 2 P1 =
 *   525.00); a8 4 P0 = 400.00 validated, in statement S4 paid (2026-03-05).
 */
export type BudgetSuite = AdminSuite & {
  /** The fixture's ids, filled before the file's tests. */
  readonly ids: BudgetIds;
  /** The names of the prestation types of P0 and P1. */
  readonly typeNames: [string, string];
  /** The eOTP of O1's imputation. */
  readonly eotpA: string;
  /** The ids of the fixture's three markets, as a list filter's value. */
  ourMarkets(): string;
  /** A list page of up to 200 rows (fails the test on any status but 200), as the administrator by default. */
  list<T>(
    url: string,
    query?: Record<string, string>,
    token?: string,
  ): Promise<{ content: T[]; totalElements: number; summary?: Record<string, string> }>;
};

/** A filter of a list's wire query. */
export const filters = (values: Record<string, string>) => JSON.stringify(values);

/** Builds the app and the fixture before the calling file's tests (call it at the top of the file). */
export function budgetSuite(): BudgetSuite {
  const suite = adminSuite();
  const ids = {} as BudgetIds;
  let names: { typeNames: [string, string]; eotpA: string } | undefined;
  let prestationIds: [number, number] = [0, 0];
  const ready = () => {
    if (!names) {
      throw new Error('the suite is built before the tests of the file, not while it is read');
    }
    return names;
  };

  /** A market with a BPU pricing P0 at 100.00 and P1 at 12.50, on this project and under this ceiling. */
  async function market(projectId: number, ceiling: string, eotpSt: string | null = null) {
    const { db } = suite;
    const created = await marketWithBpu(suite.app, db, suite.admin);
    await db
      .update(markets)
      .set({ projectId, maxAmountDc4: ceiling, eotpSt, depositType: 'basic', rgRate: '5' })
      .where(eq(markets.id, created.marketId));
    const prices = await pricesOf(db, created.bpuId);
    const [first, second] = prices;
    prestationIds = [first?.prestation ?? 0, second?.prestation ?? 0];
    for (const [prestation, cost] of [
      [prestationIds[0], P0],
      [prestationIds[1], P1],
    ] as const) {
      await db
        .update(prestationPrices)
        .set({ cost })
        .where(and(eq(prestationPrices.bpuId, created.bpuId), eq(prestationPrices.prestationId, prestation)));
    }
    return created;
  }

  async function attachment(order: number, lines: [number, string][], state: 'draft' | 'validating' | 'validated' | 'refused') {
    const { fx } = suite;
    const id = await fx.attachment(order);
    const saved = await fx.saveLines(
      id,
      lines.map(([index, quantity]) => ({ prestation: prestationIds[index] ?? 0, quantity })),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    if (state === 'validated') {
      await fx.validate(id);
    } else if (state === 'refused') {
      await fx.refuse(id);
    } else if (state === 'validating') {
      const moved = await fx.move('attachement', id, 'att_submit_to_cdp', 'att_validating');
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return id;
  }

  async function statement(marketId: number, date: string, attachments: number[], paid: boolean) {
    const created = await suite.send('POST', '/api/situation/create', { market: marketId });
    expect(created.statusCode, created.body).toBe(200);
    const id = Number(created.json().id);
    await suite.db.update(monthlyStatements).set({ date }).where(eq(monthlyStatements.id, id));
    if (attachments.length > 0) {
      const added = await suite.send('POST', `/api/situation/${id}/attachement`, attachments);
      expect(added.statusCode, added.body).toBe(200);
    }
    if (paid) {
      const marked = await suite.send('POST', `/api/situation/${id}/paid`);
      expect(marked.statusCode, marked.body).toBe(200);
    }
    return id;
  }

  beforeAll(async () => {
    const { app, db, admin, fx } = suite;
    const [projectA, projectB] = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(2);
    ids.projectA = projectA?.id ?? 0;
    ids.projectB = projectB?.id ?? 0;
    await db.update(projects).set({ paymentGuarantee: true }).where(eq(projects.id, ids.projectB));
    await db.update(projects).set({ paymentGuarantee: false }).where(eq(projects.id, ids.projectA));

    const m1 = await market(ids.projectA, '1000.00', 'ST-M1');
    // two prestation types, one per prestation, so the OD mask splits a2
    const types = await db.select().from(prestationTypes).orderBy(asc(prestationTypes.id)).limit(2);
    const typeNames: [string, string] = [types[0]?.name ?? '', types[1]?.name ?? ''];
    await db
      .update(prestations)
      .set({ typeId: types[0]?.id ?? 0 })
      .where(eq(prestations.id, prestationIds[0]));
    await db
      .update(prestations)
      .set({ typeId: types[1]?.id ?? 0 })
      .where(eq(prestations.id, prestationIds[1]));
    const m2 = await market(ids.projectA, '5000.00');
    const m3 = await market(ids.projectB, '300.00');
    ids.m1 = m1.marketId;
    ids.m2 = m2.marketId;
    ids.m3 = m3.marketId;

    ids.o1 = await fx.validatedOrder(m1, ['10', '4']);
    const [imputation] = await db
      .insert(imputations)
      .values({ projectId: ids.projectA, eotp: uniqueName('EOTP-A') })
      .returning({ id: imputations.id, eotp: imputations.eotp });
    const eotpA = imputation?.eotp ?? '';
    await db
      .update(orders)
      .set({ imputationId: imputation?.id ?? null })
      .where(eq(orders.id, ids.o1));
    ids.o1b = await (async () => {
      const id = await createOrder(app, db, admin, m1.marketId);
      const order = await fx.json(await suite.send('GET', `/api/order/${id}`));
      await fx.json(
        await inject(app, {
          method: 'PUT',
          url: `/api/order/${id}`,
          token: admin,
          payload: { ...order, prestationOSs: [{ prestation: prestationIds[0], quantity: '5' }] },
        }),
      );
      return id;
    })();
    ids.a1 = await attachment(ids.o1, [[0, '3']], 'validated');
    ids.a2 = await attachment(
      ids.o1,
      [
        [0, '2'],
        [1, '2'],
      ],
      'validated',
    );
    ids.a3 = await attachment(ids.o1, [[1, '2']], 'validated');
    ids.a4 = await attachment(ids.o1, [[0, '1']], 'draft');
    ids.a5 = await attachment(ids.o1, [[0, '1']], 'refused');
    ids.a6 = await attachment(ids.o1, [[1, '1']], 'validating');
    ids.s1 = await statement(ids.m1, '2026-01-15', [ids.a1], true);
    ids.s2 = await statement(ids.m1, '2026-02-10', [ids.a2], false);

    ids.o2 = await fx.validatedOrder(m2, ['4']);
    await fx.deposit(ids.m2, '50.00', ids.o2);
    ids.a7 = await attachment(ids.o2, [[0, '4']], 'validated');
    ids.s3 = await statement(ids.m2, '2026-02-20', [], false);
    const released = await suite.send('POST', `/api/situation/${ids.s3}/rg`, [ids.a7]);
    expect(released.statusCode, released.body).toBe(200);

    ids.o3 = await fx.validatedOrder(m3, ['5', '2']);
    ids.a8 = await attachment(ids.o3, [[0, '4']], 'validated');
    ids.s4 = await statement(ids.m3, '2026-03-05', [ids.a8], true);
    names = { typeNames, eotpA };
  });

  const own = {
    ids,
    get typeNames() {
      return ready().typeNames;
    },
    get eotpA() {
      return ready().eotpA;
    },
    ourMarkets: () => [ids.m1, ids.m2, ids.m3].join(','),
    async list<T>(url: string, query: Record<string, string> = {}, token = suite.admin) {
      const response = await inject(suite.app, { method: 'GET', url, token, query: { size: '200', ...query } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ content: T[]; totalElements: number; summary?: Record<string, string> }>();
    },
  };
  // the administrator's members stay on the prototype: copying them would read their getters before the hooks ran
  return Object.create(suite, Object.getOwnPropertyDescriptors(own)) as BudgetSuite;
}
