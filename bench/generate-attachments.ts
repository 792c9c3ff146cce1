/**
 * Generated attachments (`BENCH_ATTACHMENTS`, default 1,000,000), on the generated orders:
 *
 * - only orders at a validated or closed node get attachments (an attachment needs a validated order),
 *   one to four each (40 % one, 30 % two, 20 % three, 10 % four), orders drawn in a hashed order until
 *   the target is reached; references `<order reference>-A001` …, dates after the order's, one every
 *   few weeks;
 * - one to three lines each, on prestations of the order's BPU template (unit price 2 € to 500 €,
 *   quantities in steps of 0.5); the amount is the sum of the rounded line totals, the RG 5 % of it on
 *   markets with a retention (three in four), as the app computes them;
 * - a workflow token on the attachment workflow: draft 7 %, the three validations 13 %, validated 30 %,
 *   prepared for payment 10 %, paid 35 %, refused 5 % (75 % at a validated node, with a validator and a
 *   validation date; paid ones locked and sent to the ERP); the last attachment of a closed order is its
 *   DGD;
 * - a deposit (`AV-BM-…`) on one generated market in ten, consumed by its validated attachments (20 % of
 *   their amount, `deposit_used` and an `attachment_deposits` row), its amount then set above what was
 *   consumed.
 *
 * Set-based SQL in chunks of 50,000 attachments (attachments, lines, deposit consumptions and tokens in
 * one statement) committed with the progress mark in bench_meta, so an interrupted run resumes; the
 * secondary indexes of the four tables are dropped first and rebuilt at the end (as for the orders), then
 * VACUUM ANALYZE.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { refreshEveryOrderFigures } from '@isf/server/src/modules/attachments/index.js';
import { refreshMarketQuantities } from '@isf/server/src/modules/budgets/index.js';
import { sql } from 'drizzle-orm';
import { canSkipTriggers, dropIndexes } from './generate-orders.js';
import type { GeneratedCount } from './generate-users.js';
import { rows } from './sql-rows.js';
import { pick, textArray } from './vocabulary.js';

const CHUNK_ROWS = 50_000;
/** Node codes of the attachment workflow and their share in thousandths. */
const NODE_SHARES: [string, number][] = [
  ['att_draft', 70],
  ['att_validation_sst', 40],
  ['att_validating', 60],
  ['att_validating_amount', 30],
  ['att_validated', 300],
  ['att_prepared_for_payment', 100],
  ['att_paid', 350],
  ['att_refused', 50],
];
const VALIDATED = ['att_validated', 'att_prepared_for_payment', 'att_paid'];
const OBSERVATIONS = [
  'Tranche 1 : tranchée et fourreaux',
  'Tirage du câble de transport',
  'Raccordements des points de branchement',
  'Soudures et mesures réflectométriques',
  'Pose des chambres et regards',
  'Reprise des appuis aériens',
  'Réfection de chaussée',
  'Situation de travaux mensuelle',
];

function writeMeta(key: string, value: string) {
  return sql`INSERT INTO bench_meta (key, value) VALUES (${key}, ${value})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
}

/**
 * bench_attachment_plan: attachment n ↦ (order, sequence, whether it is the DGD), for n in [1, target]; and each bench template's
 * prestations numbered 1…size (bench_template_prestations), so that a line picks one by its number.
 */
async function ensurePlan(handle: DatabaseHandle, target: number): Promise<void> {
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_attachment_plan
    (n int PRIMARY KEY, order_id int NOT NULL, seq int NOT NULL, dgd boolean NOT NULL)`);
  const [planned] = await rows(handle, sql`SELECT count(*)::int AS total FROM bench_attachment_plan`);
  if (Number(planned?.total) !== target) {
    await handle.db.execute(sql`TRUNCATE bench_attachment_plan`);
    const count = sql`1 + CASE WHEN abs(hashint8extended(o.id::bigint, 80)) % 10 < 4 THEN 0
      WHEN abs(hashint8extended(o.id::bigint, 80)) % 10 < 7 THEN 1
      WHEN abs(hashint8extended(o.id::bigint, 80)) % 10 < 9 THEN 2 ELSE 3 END`;
    await handle.db.execute(sql`
      INSERT INTO bench_attachment_plan (n, order_id, seq, dgd)
      SELECT n, order_id, seq, dgd FROM (
        SELECT row_number() OVER (ORDER BY hashint8extended(o.id::bigint, 81), o.id, s.k) AS n, o.id AS order_id, s.k AS seq,
               s.k = c.k AND wn.code = 'os_closed' AS dgd
        FROM orders o
        JOIN markets m ON m.id = o.market_id AND m.edifice LIKE 'BM-%'
        JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
        JOIN workflow_nodes wn ON wn.id = t.node_id AND wn.code IN ('os_validated', 'os_closed')
        CROSS JOIN LATERAL (SELECT ${count} AS k) AS c
        CROSS JOIN LATERAL generate_series(1, c.k) AS s(k)
      ) planned
      WHERE n <= ${target}`);
    const [made] = await rows(handle, sql`SELECT count(*)::int AS total FROM bench_attachment_plan`);
    if (Number(made?.total) < target) {
      throw new Error(`the validated orders take only ${made?.total} attachments, not BENCH_ATTACHMENTS=${target}`);
    }
  }
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_template_prestations
    (template_id int NOT NULL, k int NOT NULL, prestation_id int NOT NULL, size int NOT NULL, PRIMARY KEY (template_id, k))`);
  const [numbered] = await rows(handle, sql`SELECT count(*)::int AS total FROM bench_template_prestations`);
  if (Number(numbered?.total) === 0) {
    await handle.db.execute(sql`
      INSERT INTO bench_template_prestations (template_id, k, prestation_id, size)
      SELECT p.bpu_template_id, row_number() OVER (PARTITION BY p.bpu_template_id ORDER BY p.id), p.id,
             count(*) OVER (PARTITION BY p.bpu_template_id)
      FROM prestations p JOIN bpu_templates t ON t.id = p.bpu_template_id
      WHERE t.name LIKE 'Bordereau bench %'`);
  }
}

/** One deposit on one generated market in ten (its amount set once the consumptions are known). */
async function ensureDeposits(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`
    INSERT INTO deposits (reference, market_id, amount, created_at, updated_at)
    SELECT 'AV-' || m.edifice, m.id, 0, m.created_at + interval '10 days', m.created_at + interval '10 days'
    FROM markets m
    WHERE m.edifice LIKE 'BM-%' AND m.id % 10 = 0
    ON CONFLICT (market_id, reference) DO NOTHING`);
}

async function attachmentNodes(handle: DatabaseHandle) {
  const nodes = await rows(
    handle,
    sql`SELECT n.id, n.code, n.workflow_id AS "workflowId" FROM workflow_nodes n
      JOIN workflows w ON w.id = n.workflow_id WHERE w.code = 'attachement'`,
  );
  const idOf = new Map(nodes.map((row) => [String(row.code), Number(row.id)]));
  let bound = 0;
  const branches = NODE_SHARES.map(([code, share]) => {
    bound += share;
    const id = idOf.get(code);
    if (id === undefined) {
      throw new Error(`the attachment workflow has no node ${code}`);
    }
    return `WHEN abs(hashint8extended(p.n::bigint, 82)) % 1000 < ${bound} THEN ${id}`;
  });
  const validatedIds = VALIDATED.map((code) => idOf.get(code)).join(', ');
  const paidId = idOf.get('att_paid');
  return {
    workflowId: Number(nodes[0]?.workflowId),
    pickNode: sql.raw(`CASE ${branches.join(' ')} END`),
    isValidated: (node: ReturnType<typeof sql>) => sql`${node} IN (${sql.raw(validatedIds)})`,
    isPaid: (node: ReturnType<typeof sql>) => sql`${node} = ${paidId}`,
  };
}

export async function ensureAttachments(handle: DatabaseHandle, target: number): Promise<GeneratedCount> {
  const started = performance.now();
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)`);
  const [progress] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'attachments_generated'`);
  const [meta] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'attachments_target'`);
  if (meta && Number(meta.value) !== target) {
    throw new Error(`this database holds attachments generated for BENCH_ATTACHMENTS=${meta.value}, not ${target}`);
  }
  let done = Number(progress?.value ?? 0);
  const initiallyDone = done;
  if (done >= target) {
    await finishAttachments(handle);
    return { total: done, generatedNow: 0, seconds: (performance.now() - started) / 1000 };
  }
  await handle.db.execute(writeMeta('attachments_target', String(target)));
  console.log('attachments: planning (orders at a validated or closed node)…');
  await ensurePlan(handle, target);
  await ensureDeposits(handle);
  const { workflowId, pickNode, isValidated, isPaid } = await attachmentNodes(handle);
  const restoreIndexes = await dropIndexes(
    handle,
    ['attachments', 'attachment_lines', 'attachment_deposits', 'workflow_tokens'],
    'attachments_dropped_indexes',
  );
  const replica = await canSkipTriggers(handle);
  const observation = pick(textArray(OBSERVATIONS), OBSERVATIONS.length, 83);
  const lineHash = (seed: number) => sql.raw(`abs(hashint8extended(s.n::bigint * 8 + j.j, ${seed}))`);
  if (done > 0) {
    console.log(`resuming the attachments at row ${done + 1}`);
  }
  while (done < target) {
    const from = done + 1;
    const to = Math.min(done + CHUNK_ROWS, target);
    await handle.db.transaction(async (transaction) => {
      if (replica) {
        await transaction.execute(sql`SET LOCAL session_replication_role = replica`);
      }
      await transaction.execute(sql`
        WITH source AS (
          SELECT p.n, p.order_id, p.seq, p.dgd, o.reference AS order_reference,
                 o.follower_id, b.bpu_template_id AS template_id, m.id AS market_id, d.id AS deposit_id,
                 CASE WHEN m.deposit_type = 'basic' THEN coalesce(m.rg_rate, 5.00) END AS rg_rate,
                 ${pickNode} AS node_id,
                 o.created_at + (p.seq * 25 + abs(hashint8extended(p.n::bigint, 84)) % 20) * interval '1 day' AS created
          FROM bench_attachment_plan p
          JOIN orders o ON o.id = p.order_id
          JOIN markets m ON m.id = o.market_id
          JOIN bpus b ON b.id = o.bpu_id
          LEFT JOIN deposits d ON d.market_id = m.id AND d.reference = 'AV-' || m.edifice
          WHERE p.n BETWEEN ${from} AND ${to}
        ),
        lines AS (
          SELECT s.n, tp.prestation_id, price.unit_price, quantity.quantity,
                 round(price.unit_price * quantity.quantity, 2)::numeric(14, 2) AS total
          FROM source s
          CROSS JOIN LATERAL generate_series(0, (abs(hashint8extended(s.n::bigint, 85)) % 3)::int) AS j(j)
          JOIN bench_template_prestations size ON size.template_id = s.template_id AND size.k = 1
          JOIN bench_template_prestations tp ON tp.template_id = s.template_id
            AND tp.k = 1 + (abs(hashint8extended(s.n::bigint, 86)) + j.j) % size.size
          CROSS JOIN LATERAL (SELECT round((2 + ${lineHash(87)} % 50000 / 100.0)::numeric, 2)::numeric(14, 2) AS unit_price) AS price
          CROSS JOIN LATERAL (SELECT ((1 + ${lineHash(88)} % 40) / 2.0)::numeric(12, 1) AS quantity) AS quantity
        ),
        amounts AS (
          SELECT s.*, a.amount, validated.validated,
                 coalesce(round(a.amount * s.rg_rate / 100, 2), 0)::numeric(14, 2) AS rg,
                 CASE WHEN validated.validated AND s.deposit_id IS NOT NULL THEN round(a.amount * 0.20, 2) ELSE 0 END::numeric(14, 2)
                   AS deposit_used
          FROM source s
          JOIN (SELECT n, sum(total)::numeric(14, 2) AS amount FROM lines GROUP BY n) a ON a.n = s.n
          CROSS JOIN LATERAL (SELECT ${isValidated(sql`s.node_id`)} AS validated) AS validated
        ),
        inserted AS (
          INSERT INTO attachments (reference, reference_sequence, order_id, observation, is_dgd, amount, rg, rg_rate, deposit_used,
                                   oracle_status, can_send_to_oracle, locked, creator_id, validator_id, validated_at,
                                   created_at, updated_at)
          SELECT s.order_reference || '-A' || lpad(s.seq::text, 3, '0'), s.seq, s.order_id,
                 ${observation}, s.dgd, s.amount, s.rg, s.rg_rate, s.deposit_used,
                 CASE WHEN ${isPaid(sql`s.node_id`)} THEN 'SUCCESS' ELSE 'NOT_AVAILABLE' END,
                 s.validated AND NOT ${isPaid(sql`s.node_id`)}, ${isPaid(sql`s.node_id`)},
                 s.follower_id, CASE WHEN s.validated THEN s.follower_id END,
                 CASE WHEN s.validated THEN s.created + (3 + abs(hashint8extended(s.n::bigint, 89)) % 25) * interval '1 day' END,
                 s.created, s.created + (abs(hashint8extended(s.n::bigint, 90)) % 40) * interval '1 day'
          FROM amounts s
          CROSS JOIN LATERAL (SELECT s.n) AS g(n)
          RETURNING id, order_id, reference_sequence, created_at, updated_at
        ),
        matched AS (
          SELECT i.id, i.created_at, i.updated_at, s.n, s.node_id, s.deposit_id, s.deposit_used
          FROM inserted i JOIN amounts s ON s.order_id = i.order_id AND s.seq = i.reference_sequence
        ),
        inserted_lines AS (
          INSERT INTO attachment_lines (attachment_id, prestation_id, unit_price, quantity, total, created_at, updated_at)
          SELECT m.id, l.prestation_id, l.unit_price, l.quantity, l.total, m.created_at, m.created_at
          FROM matched m JOIN lines l ON l.n = m.n
        ),
        consumed AS (
          INSERT INTO attachment_deposits (attachment_id, deposit_id, amount, created_at)
          SELECT m.id, m.deposit_id, m.deposit_used, m.updated_at FROM matched m WHERE m.deposit_used > 0
        )
        INSERT INTO workflow_tokens (workflow_id, node_id, entity_name, entity_id, creator_id, created_at, updated_at)
        SELECT ${workflowId}, m.node_id, 'attachement', m.id, NULL, m.created_at, m.updated_at FROM matched m`);
      await transaction.execute(writeMeta('attachments_generated', String(to)));
    });
    done = to;
    const elapsed = (performance.now() - started) / 1000;
    console.log(
      `  ${String(done).padStart(String(target).length)} / ${target} attachments  ${Math.round((done - initiallyDone) / elapsed).toLocaleString('en-US')} rows/s`,
    );
  }
  // each deposit a quarter above what its attachments consumed
  await handle.db.execute(sql`UPDATE deposits d SET amount = round(coalesce(c.used, 0) * 1.25 + 1000, 2)
    FROM deposits d2 LEFT JOIN (SELECT deposit_id, sum(amount) AS used FROM attachment_deposits GROUP BY deposit_id) c
      ON c.deposit_id = d2.id
    WHERE d.id = d2.id AND d.reference LIKE 'AV-BM-%'`);
  // the node each attachment's token stands on, as the workflow engine keeps it (attachments.wf_node_id)
  await handle.db.execute(sql`UPDATE attachments a SET wf_node_id = t.node_id FROM workflow_tokens t
    WHERE t.entity_name = 'attachement' AND t.entity_id = a.id AND a.wf_node_id IS DISTINCT FROM t.node_id`);
  await restoreIndexes();
  await finishAttachments(handle);
  return { total: done, generatedNow: done - initiallyDone, seconds: (performance.now() - started) / 1000 };
}

/**
 * What follows the attachments' rows, once (`attachments_finished` in `bench_meta`, so that a generation
 * stopped during it finishes it on its next run): the orders' stored figures and the summaries, the
 * quantitatives, the statistics.
 */
async function finishAttachments(handle: DatabaseHandle): Promise<void> {
  const [finished] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'attachments_finished'`);
  if (finished) {
    return;
  }
  console.log("attachments: the orders' stored figures, the summaries and the quantitatives…");
  // written here without the app's writes: the orders' stored RG figures computed once, as the migration does,
  // with the triggers off: a statement trigger over the transition tables of a 1,000,000-row UPDATE joins them
  // without statistics (it ran for hours); the refresh rebuilds every summary those triggers keep afterwards
  await handle.db.transaction(async (transaction) => {
    if (await canSkipTriggers(handle)) {
      await transaction.execute(sql`SET LOCAL session_replication_role = replica`);
    }
    await refreshEveryOrderFigures(transaction);
  });
  // and the quantitatives' groups, as migration 0047 backfills them
  await refreshMarketQuantities(handle.db);
  for (const table of ['attachments', 'attachment_lines', 'attachment_deposits', 'deposits', 'workflow_tokens', 'orders']) {
    await handle.db.execute(sql`VACUUM ANALYZE ${sql.identifier(table)}`);
  }
  await handle.db.execute(sql`DROP TABLE IF EXISTS bench_attachment_plan`);
  await handle.db.execute(writeMeta('attachments_finished', 'true'));
}
