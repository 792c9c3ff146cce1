import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bpus, markets, oracleProjects, oracleTasks, paymentTypes, prestationPrices, users } from '../src/db/schema/index.js';
import { inject, uniqueName } from './helper.js';
import { createMarket } from './markets-fixtures.js';
import { priceScheduleFixtures } from './price-schedules-fixtures.js';

let erpSequence = 900_000;

/** An Oracle project with one task (the demo has none). */
export async function oracleProjectWithTask(db: Database): Promise<{ project: number; task: number }> {
  erpSequence += 1;
  const erpId = erpSequence;
  const [project] = await db
    .insert(oracleProjects)
    .values({ erpProjectId: erpId, name: uniqueName('PRJ-ORA'), number: `P${erpId}` })
    .returning({ id: oracleProjects.id });
  const [task] = await db
    .insert(oracleTasks)
    .values({ erpTaskId: erpId, oracleProjectId: project?.id ?? 0, name: uniqueName('TACHE'), number: `T${erpId}` })
    .returning({ id: oracleTasks.id });
  return { project: project?.id ?? 0, task: task?.id ?? 0 };
}

/** The demo markets in id order: 0 (agency of sst, with BPU), 1 (another agency, with BPU), 2 (no BPU). */
export async function demoMarkets(db: Database) {
  return db
    .select({ id: markets.id, edifice: markets.edifice, agencyId: markets.agencyId, clientBdc: markets.clientBdc })
    .from(markets)
    .orderBy(asc(markets.id))
    .limit(3);
}

/** A new market of the given payment type code, holding a copy of the first demo market's BPU (template and prices). */
export async function marketWithBpu(app: FastifyInstance, db: Database, token: string, paymentCode = 'payment_transfer') {
  const [type] = await db.select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.oracleCode, paymentCode));
  const marketId = await createMarket(app, db, token, { paymentType: type?.id, clientBdc: 'BDC-MARCHE' });
  const [first] = await demoMarkets(db);
  const [source] = await db
    .select()
    .from(bpus)
    .where(eq(bpus.marketId, first?.id ?? 0))
    .orderBy(asc(bpus.id))
    .limit(1);
  const [copy] = await db
    .insert(bpus)
    .values({ name: uniqueName('BPU'), marketId, bpuTemplateId: source?.bpuTemplateId ?? 0 })
    .returning({ id: bpus.id });
  const prices = await db
    .select()
    .from(prestationPrices)
    .where(eq(prestationPrices.bpuId, source?.id ?? 0))
    .orderBy(asc(prestationPrices.id));
  await db
    .insert(prestationPrices)
    .values(prices.map((price) => ({ bpuId: copy?.id ?? 0, prestationId: price.prestationId, cost: price.cost })));
  return { marketId, bpuId: copy?.id ?? 0 };
}

/** The code of a large BPU's prestation (`marketWithLargeBpu`): `L-00000`, `L-00001`… */
export const largeBpuCode = (index: number) => `L-${String(index).padStart(5, '0')}`;
/** Its price: 1.00 for the first hundred, then one euro more per hundred, with the line's own cents. */
export const largeBpuCost = (index: number) => `${Math.floor(index / 100) + 1}.${String(index % 100).padStart(2, '0')}`;

/**
 * A new market (payment by transfer) whose BPU prices `count` prestations of a template of its own,
 * written at once in SQL (the template and BPU imports have their own large tests).
 */
export async function marketWithLargeBpu(app: FastifyInstance, db: Database, token: string, count: number) {
  const make = priceScheduleFixtures(app, () => token);
  const template = await make.template();
  const category = await make.category(uniqueName('Catégorie'));
  const choices = await make.choices();
  await db.execute(sql`INSERT INTO prestations (bpu_template_id, reference_id, category_id, unit_id, type_id, code, description)
    SELECT ${template}, ${choices.reference}, ${category}, ${choices.unit}, ${choices.type}, 'L-' || lpad(n::text, 5, '0'), 'Ligne ' || n
    FROM generate_series(0, ${count - 1}) AS n`);
  const [type] = await db
    .select({ id: paymentTypes.id })
    .from(paymentTypes)
    .where(eq(paymentTypes.oracleCode, 'payment_transfer'));
  const marketId = await createMarket(app, db, token, { paymentType: type?.id, clientBdc: 'BDC-MARCHE' });
  const [bpu] = await db
    .insert(bpus)
    .values({ name: uniqueName('BPU'), marketId, bpuTemplateId: template })
    .returning({ id: bpus.id });
  const bpuId = bpu?.id ?? 0;
  await db.execute(sql`INSERT INTO prestation_prices (bpu_id, prestation_id, cost)
    SELECT ${bpuId}, p.id, (substr(p.code, 3)::int / 100 + 1) + (substr(p.code, 3)::int % 100) / 100.0
    FROM prestations p WHERE p.bpu_template_id = ${template}`);
  return { marketId, bpuId };
}

/** The priced prestations of a BPU (id and cost), in id order. */
export async function pricesOf(db: Database, bpuId: number) {
  return db
    .select({ prestation: prestationPrices.prestationId, cost: prestationPrices.cost })
    .from(prestationPrices)
    .where(eq(prestationPrices.bpuId, bpuId))
    .orderBy(asc(prestationPrices.prestationId));
}

export async function userId(db: Database, uid: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uid, uid));
  return row?.id ?? 0;
}

/** A valid creation payload on a market (overrides win). */
export async function orderPayload(db: Database, market: number, overrides: Record<string, unknown> = {}) {
  const erp = await oracleProjectWithTask(db);
  return {
    name: 'Raccordement rue des Lilas',
    market,
    oracleProject: erp.project,
    oracleTask: erp.task,
    endDate: '2026-12-31',
    follower: await userId(db, 'admin'),
    ...overrides,
  };
}

/** Creates an order through the API; returns its id. */
export async function createOrder(
  app: FastifyInstance,
  db: Database,
  token: string,
  market: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await inject(app, {
    method: 'POST',
    url: '/api/order/create',
    token,
    payload: await orderPayload(db, market, overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json<{ id: number }>().id);
}
