/**
 * Generated service orders (`BENCH_ORDERS`, default 1,000,000) and what they hang on:
 *
 * - SUBCONTRACTOR_COUNT companies (`BENCH-C0001` …) named like "Fibres Réseaux Occitanie", each with one
 *   to three agencies ("… – Agence de Pau", a SIRET, an address);
 * - MARKET_COUNT markets (`BM-00001` …), each on a generated project and an agency (busy agencies hold
 *   more markets), with a VAT type (20 % 70 %, 10 % 10 %, reverse charge 20 %), payment type and term,
 *   retention, and a BPU of its own on a generated BPU template;
 * - the orders, spread over the markets with a skew (the busiest market holds about 0.4 % of them, the
 *   quietest a few dozen); order u of a market's range is its sequence number, so references
 *   (`BM-00042-2023-00117`) are unique, dates follow the sequence within each market, 2019 to 2025;
 *   totals are `numeric` (a few hundred euros to about 80,000, skewed to small orders) with the market's
 *   VAT; a follower among the generated project managers; a workflow token on a node of the service
 *   order workflow (draft 8 %, validations 17 %, validated 45 %, closed 25 %, cancelled or abandoned 5 %).
 *
 * Set-based SQL in chunks of 50,000 orders, each chunk (orders and their tokens, one statement) committed
 * with its progress mark in bench_meta, so an interrupted run resumes; then VACUUM ANALYZE.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { sql } from 'drizzle-orm';
import type { GeneratedCount } from './generate-users.js';
import { rows } from './sql-rows.js';
import { COMMUNES, OPERATIONS, pick, STREET_KINDS, STREETS, textArray } from './vocabulary.js';

const CHUNK_ROWS = 50_000;
const SUBCONTRACTOR_COUNT = 500;
const MARKET_COUNT = 4_000;
const TRADES = [
  'Fibres Réseaux',
  'Télécom Travaux',
  'Génie Civil',
  'Optique Services',
  'Réseaux et Câblage',
  'Terrassement',
  'Raccordements',
  'Infrastructures Télécom',
  'Tirage et Soudure',
  'Élagage et Appuis',
];
const REGIONS = [
  'Aquitaine',
  'Occitanie',
  'Garonne',
  'Pyrénées',
  'Gascogne',
  'Landes',
  'Béarn',
  'Périgord',
  'Limousin',
  'Charentes',
];
const SUFFIXES = ['SAS', 'SARL', 'SA', 'et Fils', 'Groupe', 'Ouest', 'Sud', 'Atlantique'];
const CLIENTS = ['Gironde Numérique', 'Haute-Garonne Numérique', 'Landes Fibre', 'Orange', 'SFR FTTH', 'Axione', 'Altitude'];
const PERIODS = ['2 semaines', '4 semaines', '6 semaines', '2 mois', '3 mois'];
/** Node codes of the service order workflow and their share in thousandths (cumulative order). */
const NODE_SHARES: [string, number][] = [
  ['os_draft', 80],
  ['os_validation_cdp', 70],
  ['os_validation_amount', 30],
  ['os_validation_sst', 70],
  ['os_validated', 450],
  ['os_closed', 250],
  ['os_canceled', 30],
  ['os_abandoned', 20],
];

export function intArray(ids: readonly number[]) {
  return sql.raw(`ARRAY[${ids.join(', ')}]::int[]`);
}

function gcd(left: number, right: number): number {
  return right === 0 ? left : gcd(right, left % right);
}

/** A multiplier coprime with the target: n ↦ (n × it) mod target is then a permutation. */
function permutationStep(target: number): number {
  let step = 999_983;
  while (gcd(step, target) !== 1) {
    step += 2;
  }
  return step;
}

async function ensureSubcontractors(handle: DatabaseHandle): Promise<void> {
  const [existing] = await rows(handle, sql`SELECT count(*)::int AS total FROM companies WHERE edifice LIKE 'BENCH-C%'`);
  if (Number(existing?.total ?? 0) >= SUBCONTRACTOR_COUNT) {
    return;
  }
  const companyName = sql`${pick(textArray(TRADES), TRADES.length, 41)} || ' ' || ${pick(textArray(REGIONS), REGIONS.length, 42)}
    || CASE WHEN abs(hashint8extended(g.n::bigint, 43)) % 3 = 0 THEN ' ' || ${pick(textArray(SUFFIXES), SUFFIXES.length, 44)} ELSE '' END`;
  await handle.db.execute(sql`
    INSERT INTO companies (edifice, name, siren, mail)
    SELECT 'BENCH-C' || lpad(g.n::text, 4, '0'), ${companyName},
           lpad((100000000 + abs(hashint8extended(g.n::bigint, 45)) % 800000000)::text, 9, '0'),
           'contact' || g.n || '@sst.example'
    FROM generate_series(1, ${SUBCONTRACTOR_COUNT}::int) AS g(n)
    ON CONFLICT (edifice) DO NOTHING`);
  // one to three agencies per company, in communes of the vocabulary
  await handle.db.execute(sql`
    INSERT INTO agencies (company_id, name, siret, address, phone, mail, in_third_party, created_at, updated_at)
    SELECT c.id, c.name || ' – Agence de ' || (${textArray(COMMUNES.map(([name]) => name))})[1 + abs(hashint8extended(g.n::bigint, 46) % ${COMMUNES.length})::int],
           c.siren || lpad(k::text, 5, '0'),
           (1 + abs(hashint8extended(g.n::bigint, 47) % 180)) || ' ' || ${pick(textArray(STREET_KINDS), STREET_KINDS.length, 48)} || ' '
             || ${pick(textArray(STREETS), STREETS.length, 49)} || ', '
             || (${textArray(COMMUNES.map(([, , , postcode]) => postcode))})[1 + abs(hashint8extended(g.n::bigint, 46) % ${COMMUNES.length})::int]
             || ' ' || (${textArray(COMMUNES.map(([name]) => name))})[1 + abs(hashint8extended(g.n::bigint, 46) % ${COMMUNES.length})::int],
           '05 ' || lpad((abs(hashint8extended(g.n::bigint, 50)) % 100000000)::text, 8, '0'),
           'agence' || g.n || '@sst.example', true, now(), now()
    FROM companies c
    CROSS JOIN LATERAL generate_series(1, 1 + (c.id % 3)) AS k
    CROSS JOIN LATERAL (SELECT c.id * 10 + k AS n) AS g
    WHERE c.edifice LIKE 'BENCH-C%'`);
}

async function ensureMarkets(handle: DatabaseHandle): Promise<void> {
  const [existing] = await rows(handle, sql`SELECT count(*)::int AS total FROM markets WHERE edifice LIKE 'BM-%'`);
  if (Number(existing?.total ?? 0) >= MARKET_COUNT) {
    return;
  }
  const agencyIds = (
    await rows(
      handle,
      sql`SELECT a.id FROM agencies a JOIN companies c ON c.id = a.company_id WHERE c.edifice LIKE 'BENCH-C%' ORDER BY a.id`,
    )
  ).map((row) => Number(row.id));
  const [projectRange] = await rows(handle, sql`SELECT min(id)::int AS low, max(id)::int AS high FROM projects`);
  const paymentTypes = (await rows(handle, sql`SELECT id FROM payment_types ORDER BY id`)).map((row) => Number(row.id));
  const paymentTerms = (await rows(handle, sql`SELECT id FROM payment_terms ORDER BY id`)).map((row) => Number(row.id));
  const templates = (await rows(handle, sql`SELECT id FROM bpu_templates WHERE name LIKE 'Bordereau bench %' ORDER BY name`)).map(
    (row) => Number(row.id),
  );
  if ([agencyIds, paymentTypes, paymentTerms, templates].some((ids) => ids.length === 0)) {
    throw new Error('generate the agencies, prestations and the demo seed before the markets');
  }
  const low = Number(projectRange?.low ?? 1);
  const span = Number(projectRange?.high ?? 1) - low + 1;
  // busy agencies hold more markets: a power law over the agency list
  const agencyPick = sql`(${intArray(agencyIds)})[1 + floor(${agencyIds.length} * power((abs(hashint8extended(g.n::bigint, 51)) % 1000000)::float8 / 1000000, 1.8))::int]`;
  const vat = sql`CASE WHEN abs(hashint8extended(g.n::bigint, 52)) % 10 < 7 THEN 'basic'
    WHEN abs(hashint8extended(g.n::bigint, 52)) % 10 < 8 THEN 'tenPercents' ELSE 'reverseCharge' END`;
  const retention = sql`abs(hashint8extended(g.n::bigint, 53)) % 4 <> 0`;
  await handle.db.execute(sql`
    INSERT INTO markets (edifice, agency_id, project_id, max_amount_dc4, payment_type_id, payment_term_id, tva, deposit_type,
                         rg_rate, contract_number, client_bdc, created_at, updated_at)
    SELECT 'BM-' || lpad(g.n::text, 5, '0'), ${agencyPick},
           -- an existing project id (projects are generated without gaps), spread over the whole table
           ${low} + abs(hashint8extended(g.n::bigint, 54)) % ${span},
           (50000 + abs(hashint8extended(g.n::bigint, 55)) % 2000000)::numeric(14, 2),
           ${pick(intArray(paymentTypes), paymentTypes.length, 56)}, ${pick(intArray(paymentTerms), paymentTerms.length, 57)},
           ${vat}, CASE WHEN ${retention} THEN 'basic' ELSE 'notApplicable' END,
           CASE WHEN ${retention} THEN 5.00 END,
           'CT-' || (2019 + g.n % 7) || '-' || lpad(g.n::text, 5, '0'), 'BDC-BM-' || lpad(g.n::text, 5, '0'),
           timestamptz '2019-01-01 08:00+01' + (g.n::double precision / ${MARKET_COUNT}) * interval '2000 days',
           timestamptz '2019-01-01 08:00+01' + (g.n::double precision / ${MARKET_COUNT}) * interval '2000 days'
    FROM generate_series(1, ${MARKET_COUNT}::int) AS g(n)
    WHERE EXISTS (SELECT 1 FROM projects WHERE id = ${low} + abs(hashint8extended(g.n::bigint, 54)) % ${span})
    ON CONFLICT DO NOTHING`);
  await handle.db.execute(sql`
    INSERT INTO bpus (name, market_id, bpu_template_id)
    SELECT 'BPU ' || m.edifice, m.id, (${intArray(templates)})[1 + m.id % ${templates.length}]
    FROM markets m
    WHERE m.edifice LIKE 'BM-%' AND NOT EXISTS (SELECT 1 FROM bpus b WHERE b.market_id = m.id)`);
}

/**
 * The share of the orders of each generated market, as ranges of [0, target): market k gets a weight
 * 1 / (k + 40)^0.9, scaled to the target (the last market takes the rounding rest).
 */
async function ensureRanges(handle: DatabaseHandle, target: number): Promise<void> {
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_order_ranges
    (market_id int PRIMARY KEY, low int NOT NULL, high int NOT NULL)`);
  const [existing] = await rows(handle, sql`SELECT coalesce(max(high), -1)::int AS high FROM bench_order_ranges`);
  if (Number(existing?.high) === target - 1) {
    return;
  }
  await handle.db.execute(sql`DELETE FROM bench_order_ranges`);
  const markets = (await rows(handle, sql`SELECT id FROM markets WHERE edifice LIKE 'BM-%' ORDER BY id`)).map((row) =>
    Number(row.id),
  );
  const weights = markets.map((_, index) => 1 / (index + 40) ** 0.9);
  const sum = weights.reduce((total, weight) => total + weight, 0);
  let low = 0;
  const values = markets.map((marketId, index) => {
    const count = index === markets.length - 1 ? target - low : Math.max(1, Math.round((target * (weights[index] ?? 0)) / sum));
    const range = `(${marketId}, ${low}, ${low + count - 1})`;
    low += count;
    return range;
  });
  for (let start = 0; start < values.length; start += 1000) {
    await handle.db.execute(
      sql.raw(`INSERT INTO bench_order_ranges (market_id, low, high) VALUES ${values.slice(start, start + 1000).join(', ')}`),
    );
  }
}

async function nodeIdsByShare(handle: DatabaseHandle): Promise<{ workflowId: number; pickNode: ReturnType<typeof sql> }> {
  const nodes = await rows(
    handle,
    sql`SELECT n.id, n.code, n.workflow_id AS "workflowId" FROM workflow_nodes n
      JOIN workflows w ON w.id = n.workflow_id WHERE w.code = 'service_order'`,
  );
  const idOf = new Map(nodes.map((row) => [String(row.code), Number(row.id)]));
  let bound = 0;
  const branches = NODE_SHARES.map(([code, share]) => {
    bound += share;
    const id = idOf.get(code);
    if (id === undefined) {
      throw new Error(`the service order workflow has no node ${code}`);
    }
    return `WHEN abs(hashint8extended(o.id::bigint, 61)) % 1000 < ${bound} THEN ${id}`;
  });
  return {
    workflowId: Number(nodes[0]?.workflowId),
    pickNode: sql.raw(`CASE ${branches.join(' ')} ELSE ${idOf.get('os_closed')} END`),
  };
}

/** Whether this connection may switch foreign key triggers off (superuser: PGlite, usually the bench's PostgreSQL). */
export async function canSkipTriggers(handle: DatabaseHandle): Promise<boolean> {
  const [role] = await rows(handle, sql`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`);
  return role?.rolsuper === true;
}

/**
 * Drops the secondary indexes of the tables (their definitions kept in bench_meta, so an interrupted
 * run still restores them) and returns what recreates them: building an index once over a million rows
 * is several times faster than maintaining a dozen indexes row by row (PGlite especially).
 */
export async function dropIndexes(
  handle: DatabaseHandle,
  tables: string[],
  key = 'orders_dropped_indexes',
): Promise<() => Promise<void>> {
  const [saved] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = ${key}`);
  let definitions: { name: string; definition: string }[];
  if (saved) {
    definitions = JSON.parse(String(saved.value));
  } else {
    definitions = (
      await rows(
        handle,
        sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
          WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(
            tables.map((table) => sql`${table}`),
            sql`, `,
          )})
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
          ORDER BY i.indexname`,
      )
    ).map((row) => ({ name: String(row.name), definition: String(row.definition) }));
    await handle.db.execute(sql`INSERT INTO bench_meta (key, value) VALUES (${key}, ${JSON.stringify(definitions)})`);
  }
  for (const { name } of definitions) {
    await handle.db.execute(sql`DROP INDEX IF EXISTS ${sql.identifier(name)}`);
  }
  return async () => {
    for (const { name, definition } of definitions) {
      const started = performance.now();
      await handle.db.execute(sql.raw(definition));
      console.log(`  index ${name} rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await handle.db.execute(sql`DELETE FROM bench_meta WHERE key = ${key}`);
  };
}

export async function ensureOrders(handle: DatabaseHandle, target: number): Promise<GeneratedCount> {
  const started = performance.now();
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)`);
  const [progress] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'orders_generated'`);
  const [meta] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'orders_target'`);
  if (meta && Number(meta.value) !== target) {
    throw new Error(`this database holds orders generated for BENCH_ORDERS=${meta.value}, not ${target}`);
  }
  let done = Number(progress?.value ?? 0);
  const initiallyDone = done;
  if (done >= target) {
    return { total: done, generatedNow: 0, seconds: 0 };
  }
  await handle.db.execute(sql`INSERT INTO bench_meta (key, value) VALUES ('orders_target', ${String(target)})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  await ensureSubcontractors(handle);
  await ensureMarkets(handle);
  await ensureRanges(handle, target);
  const followers = (await rows(handle, sql`SELECT id FROM users WHERE uid LIKE 'bench.cdp.%' ORDER BY id`)).map((row) =>
    Number(row.id),
  );
  if (followers.length === 0) {
    throw new Error('generate the projects (and their managers) before the orders');
  }
  const { workflowId, pickNode } = await nodeIdsByShare(handle);
  const ranges = await rows(
    handle,
    sql`SELECT r.market_id, r.low, r.high, (SELECT min(b.id) FROM bpus b WHERE b.market_id = r.market_id) AS bpu
      FROM bench_order_ranges r ORDER BY r.low`,
  );
  const bpuIds = intArray(ranges.map((row) => Number(row.bpu)));
  const marketIds = intArray(ranges.map((row) => Number(row.market_id)));
  const lows = intArray(ranges.map((row) => Number(row.low)));
  const sizes = intArray(ranges.map((row) => Number(row.high) - Number(row.low) + 1));
  const restoreIndexes = await dropIndexes(handle, ['orders', 'workflow_tokens']);
  const replica = await canSkipTriggers(handle);
  const step = permutationStep(target);
  const followerPick = sql`(${intArray(followers)})[1 + abs(hashint8extended(g.n::bigint, 62) % ${followers.length})::int]`;
  // skewed to small orders: 150 € to about 80,000 €, in cents
  const total = sql`round((15000 + 8000000 * power((abs(hashint8extended(g.n::bigint, 63)) % 1000000)::float8 / 1000000, 3))::numeric / 100, 2)`;
  const orderName = sql`${pick(textArray(OPERATIONS), OPERATIONS.length, 64)} || ' ' || ${pick(textArray(STREET_KINDS), STREET_KINDS.length, 65)}
    || ' ' || ${pick(textArray(STREETS), STREETS.length, 66)}`;
  if (done > 0) {
    console.log(`resuming the orders at row ${done + 1}`);
  }
  while (done < target) {
    const from = done + 1;
    const to = Math.min(done + CHUNK_ROWS, target);
    await handle.db.transaction(async (transaction) => {
      if (replica) {
        // the rows are consistent by construction: no foreign key check per row
        await transaction.execute(sql`SET LOCAL session_replication_role = replica`);
      }
      // u: a permutation of [0, target); the range holding u names the market, u - low + 1 is the sequence
      await transaction.execute(sql`
        WITH source AS (
          SELECT g.n, (${marketIds})[b.i] AS market_id, (${bpuIds})[b.i] AS bpu_id, u.u - (${lows})[b.i] + 1 AS sequence, (${sizes})[b.i] AS size
          FROM generate_series(${from}::int, ${to}::int) AS g(n)
          CROSS JOIN LATERAL (SELECT ((g.n::bigint - 1) * ${step}) % ${target} AS u) AS u
          CROSS JOIN LATERAL (SELECT width_bucket(u.u, ${lows}) AS i) AS b
        ),
        inserted AS (
          INSERT INTO orders (reference, reference_year, reference_sequence, name, market_id, agency_id, project_id, bpu_id,
                              main_client, client_market, client_bdc, execution_period, end_date, delivery_date, date,
                              follower_id, creator_id, total, total_ttc, oracle_status, sent_sst, locked, created_at, updated_at)
          SELECT m.edifice || '-' || to_char(t.created, 'YYYY') || '-' || lpad(s.sequence::text, 5, '0'),
                 extract(year FROM t.created)::int, s.sequence, ${orderName}, m.id, m.agency_id, m.project_id, s.bpu_id,
                 ${pick(textArray(CLIENTS), CLIENTS.length, 67)}, 'MC-' || m.edifice, m.client_bdc,
                 ${pick(textArray(PERIODS), PERIODS.length, 68)},
                 (t.created + (30 + abs(hashint8extended(g.n::bigint, 69)) % 150) * interval '1 day')::date,
                 CASE WHEN abs(hashint8extended(g.n::bigint, 70)) % 2 = 0
                   THEN (t.created + (20 + abs(hashint8extended(g.n::bigint, 71)) % 120) * interval '1 day')::date END,
                 t.created::date, ${followerPick}, ${followerPick}, a.total,
                 round(a.total * CASE m.tva WHEN 'basic' THEN 1.20 WHEN 'tenPercents' THEN 1.10 ELSE 1 END, 2),
                 CASE WHEN abs(hashint8extended(g.n::bigint, 72)) % 10 < 6 THEN 'SUCCESS' ELSE 'NOT_AVAILABLE' END,
                 abs(hashint8extended(g.n::bigint, 72)) % 10 < 7, abs(hashint8extended(g.n::bigint, 72)) % 10 < 6,
                 t.created, t.created
          FROM source s
          CROSS JOIN LATERAL (SELECT s.n) AS g(n)
          JOIN markets m ON m.id = s.market_id
          CROSS JOIN LATERAL (SELECT ${total} AS total) AS a
          -- within a market, dates follow the sequence, from its creation to the end of 2025
          CROSS JOIN LATERAL (SELECT m.created_at + (s.sequence::double precision / s.size)
                                * (timestamptz '2025-12-31 18:00+01' - m.created_at) AS created) AS t
          RETURNING id, created_at
        )
        INSERT INTO workflow_tokens (workflow_id, node_id, entity_name, entity_id, creator_id, created_at, updated_at)
        SELECT ${workflowId}, ${pickNode}, 'order', o.id, NULL, o.created_at,
               o.created_at + (abs(hashint8extended(o.id::bigint, 73)) % 60) * interval '1 day'
        FROM inserted o`);
      await transaction.execute(sql`INSERT INTO bench_meta (key, value) VALUES ('orders_generated', ${String(to)})
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    });
    done = to;
    const elapsed = (performance.now() - started) / 1000;
    console.log(
      `  ${String(done).padStart(String(target).length)} / ${target} orders  ${Math.round((done - initiallyDone) / elapsed).toLocaleString('en-US')} rows/s`,
    );
  }
  // the node each order's token stands on, as the workflow engine keeps it on the order (orders.wf_node_id)
  await handle.db.execute(sql`UPDATE orders o SET wf_node_id = t.node_id FROM workflow_tokens t
    WHERE t.entity_name = 'order' AND t.entity_id = o.id AND o.wf_node_id IS DISTINCT FROM t.node_id`);
  await restoreIndexes();
  for (const table of ['orders', 'workflow_tokens', 'markets', 'agencies', 'companies', 'bpus']) {
    await handle.db.execute(sql`VACUUM ANALYZE ${sql.identifier(table)}`);
  }
  return { total: done, generatedNow: done - initiallyDone, seconds: (performance.now() - started) / 1000 };
}
