/**
 * Generated monthly statements and more deposits, on the generated markets (`BM-…`), added to a data set
 * whose attachments are generated (it never touches the other generated rows):
 *
 * - one statement per generated market and month in which some of its attachments were validated (the
 *   attachment workflow's validated nodes: validated, prepared for payment, paid), dated the last day of
 *   that month (today at the latest), `generated_month` set as the app's monthly generation sets it
 *   (`modules/monthly-statements/statement-generation.ts`), invoicing those attachments
 *   (`monthly_statement_attachments`); a theoretical payment date 45 days later; paid (paid 30 days after
 *   its date, locked, with a SAP reference) when every attachment it invoices is paid, as the accountant
 *   pays a statement once its attachments are; no RG release;
 * - the statements' stored figures and `statement_summaries` rebuilt from the links once (the chunks skip the
 *   triggers that keep them);
 * - deposits: a second deposit (`AV2-…`, not consumed, a third of them reimbursed) on every generated
 *   market, a third (`AV3-…`) on one in three, so that the deposits screen lists thousands of rows.
 *
 * Set-based SQL: the validated attachments listed once (bench_statement_plan), then chunks of CHUNK_MARKETS
 * markets (foreign-key triggers skipped, as for the attachments, when the role may), each chunk (statements, their attachments) committed
 * with its progress mark in bench_meta (`statements_markets_done`), so an interrupted run resumes; then
 * ANALYZE of the tables. ensureDataset calls it after the attachments (`npm run generate -w bench` on a
 * data set generated before this file existed adds only the statements and deposits).
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { refreshBudgetOdRows } from '@isf/server/src/modules/budgets/index.js';
import { refreshStatementSummaries } from '@isf/server/src/modules/monthly-statements/index.js';
import { sql } from 'drizzle-orm';
import { canSkipTriggers } from './generate-orders.js';
import type { GeneratedCount } from './generate-users.js';
import { rows } from './sql-rows.js';

const CHUNK_MARKETS = 100;
const VALIDATED = ['att_validated', 'att_prepared_for_payment', 'att_paid'];

function writeMeta(key: string, value: string) {
  return sql`INSERT INTO bench_meta (key, value) VALUES (${key}, ${value})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
}

/** The generated markets' deposits beyond the one the attachments consume (idempotent). */
async function ensureMoreDeposits(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`
    INSERT INTO deposits (reference, market_id, amount, reimbursement_date, created_at, updated_at)
    SELECT 'AV' || k || '-' || m.edifice, m.id,
           round((2000 + abs(hashint8extended(m.id::bigint * 4 + k, 120)) % 48000)::numeric, 2),
           CASE WHEN abs(hashint8extended(m.id::bigint * 4 + k, 121)) % 3 = 0
                THEN (m.created_at + (200 + abs(hashint8extended(m.id::bigint * 4 + k, 122)) % 400) * interval '1 day')::date END,
           m.created_at + (20 + 30 * k) * interval '1 day', m.created_at + (20 + 30 * k) * interval '1 day'
    FROM markets m
    CROSS JOIN generate_series(2, 3) AS k
    WHERE m.edifice LIKE 'BM-%' AND (k = 2 OR m.id % 3 = 0)
    ON CONFLICT (market_id, reference) DO NOTHING`);
}

/**
 * bench_statement_plan: each validated attachment of a generated market with its market, the month it was
 * validated in and whether it is paid (one pass over the attachments; the chunks read it by market).
 */
async function ensurePlan(handle: DatabaseHandle): Promise<void> {
  const [present] = await rows(handle, sql`SELECT to_regclass('bench_statement_plan') IS NOT NULL AS present`);
  if (present?.present) {
    return;
  }
  await handle.db.transaction(async (transaction) => {
    await transaction.execute(sql`CREATE TABLE bench_statement_plan
      (attachment_id int PRIMARY KEY, market_id int NOT NULL, month text NOT NULL, paid boolean NOT NULL)`);
    await transaction.execute(sql`
      INSERT INTO bench_statement_plan (attachment_id, market_id, month, paid)
      SELECT att.id, o.market_id, to_char(att.validated_at, 'YYYY-MM'), wn.code = 'att_paid'
      FROM attachments att
      JOIN orders o ON o.id = att.order_id
      JOIN markets m ON m.id = o.market_id AND m.edifice LIKE 'BM-%'
      JOIN workflow_tokens wt ON wt.entity_name = 'attachement' AND wt.entity_id = att.id
      JOIN workflow_nodes wn ON wn.id = wt.node_id
      WHERE wn.code IN (${sql.join(
        VALIDATED.map((code) => sql`${code}`),
        sql`, `,
      )}) AND att.validated_at IS NOT NULL`);
    await transaction.execute(sql`CREATE INDEX ON bench_statement_plan (market_id)`);
  });
  await handle.db.execute(sql`ANALYZE bench_statement_plan`);
}

/**
 * The statements' stored figures (their invoiced sums and released RG, migrations 0041 and 0055) and the
 * statement summaries rebuilt from the links, which the chunks wrote without their triggers; once per data set
 * (`statement_figures_refreshed` in bench_meta: a data set generated before this step gets it at the next run).
 */
async function ensureStatementFiguresRefreshed(handle: DatabaseHandle, again = false): Promise<void> {
  const [refreshed] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'statement_figures_refreshed'`);
  if (refreshed && !again) {
    return;
  }
  const started = performance.now();
  await refreshStatementSummaries(handle.db);
  await handle.db.execute(writeMeta('statement_figures_refreshed', 'true'));
  await handle.db.execute(sql`ANALYZE monthly_statements`);
  await handle.db.execute(sql`ANALYZE statement_summaries`);
  console.log(`statement figures and summaries rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function ensureStatements(handle: DatabaseHandle): Promise<GeneratedCount> {
  const started = performance.now();
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)`);
  const [attachmentsDone] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'attachments_generated'`);
  const [attachmentsTarget] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'attachments_target'`);
  if (!attachmentsDone || Number(attachmentsDone.value) < Number(attachmentsTarget?.value ?? 0)) {
    throw new Error('the statements need the generated attachments: generate them first');
  }
  const markets = (await rows(handle, sql`SELECT id FROM markets WHERE edifice LIKE 'BM-%' ORDER BY id`)).map((row) =>
    Number(row.id),
  );
  const [progress] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = 'statements_markets_done'`);
  let done = Number(progress?.value ?? 0);
  const initiallyDone = done;
  const count = async () =>
    Number(
      (
        await rows(
          handle,
          sql`SELECT count(*)::int AS total FROM monthly_statements s JOIN markets m ON m.id = s.market_id WHERE m.edifice LIKE 'BM-%'`,
        )
      )[0]?.total ?? 0,
    );
  if (done >= markets.length) {
    await ensureStatementFiguresRefreshed(handle);
    return { total: await count(), generatedNow: 0, seconds: 0 };
  }
  await ensureMoreDeposits(handle);
  await ensurePlan(handle);
  const replica = await canSkipTriggers(handle);
  const [creator] = await rows(
    handle,
    sql`SELECT id FROM users WHERE uid = 'comptable' UNION ALL SELECT id FROM users WHERE uid = 'admin' LIMIT 1`,
  );
  const creatorId = creator ? Number(creator.id) : null;
  if (done > 0) {
    console.log(`resuming the statements at market ${done + 1} of ${markets.length}`);
  }
  while (done < markets.length) {
    const chunk = markets.slice(done, done + CHUNK_MARKETS);
    const chunkMarkets = sql.raw(`ARRAY[${chunk.join(', ')}]::int[]`);
    await handle.db.transaction(async (transaction) => {
      if (replica) {
        await transaction.execute(sql`SET LOCAL session_replication_role = replica`);
      }
      const invoiced = sql`SELECT attachment_id AS id, market_id, month, paid FROM bench_statement_plan
        WHERE market_id = ANY(${chunkMarkets})`;
      await transaction.execute(sql`
        INSERT INTO monthly_statements (market_id, date, sap_reference, theoretical_payment_date, paid_at, locked,
                                        creator_id, generated_month, created_at, updated_at)
        SELECT i.market_id, d.date,
               CASE WHEN bool_and(i.paid) THEN 'SAP-' || lpad(i.market_id::text, 5, '0') || '-' || replace(i.month, '-', '') END,
               d.date + 45,
               CASE WHEN bool_and(i.paid) THEN (d.date + 30)::timestamptz + interval '10 hours' END,
               bool_and(i.paid), ${creatorId}, i.month, d.date::timestamptz + interval '9 hours',
               d.date::timestamptz + interval '9 hours' + CASE WHEN bool_and(i.paid) THEN interval '30 days' ELSE interval '0 days' END
        FROM (${invoiced}) i
        CROSS JOIN LATERAL (SELECT least((to_date(i.month, 'YYYY-MM') + interval '1 month - 1 day')::date, current_date) AS date) d
        GROUP BY i.market_id, i.month, d.date
        ON CONFLICT (market_id, generated_month) DO NOTHING`);
      await transaction.execute(sql`
        INSERT INTO monthly_statement_attachments (statement_id, attachment_id, created_at)
        SELECT s.id, i.id, s.created_at
        FROM (${invoiced}) i
        JOIN monthly_statements s ON s.market_id = i.market_id AND s.generated_month = i.month
        ON CONFLICT (attachment_id) DO NOTHING`);
      await transaction.execute(writeMeta('statements_markets_done', String(done + chunk.length)));
    });
    done += chunk.length;
    const elapsed = (performance.now() - started) / 1000;
    console.log(
      `  ${String(done).padStart(String(markets.length).length)} / ${markets.length} markets with statements  ` +
        `${Math.round((done - initiallyDone) / elapsed).toLocaleString('en-US')} markets/s`,
    );
  }
  // written without the triggers: the OD mask's stored rows rebuilt once, as migration 0047 backfills them
  await refreshBudgetOdRows(handle.db);
  await ensureStatementFiguresRefreshed(handle, true);
  await handle.db.execute(sql`DROP TABLE IF EXISTS bench_statement_plan`);
  for (const table of ['monthly_statements', 'monthly_statement_attachments', 'deposits']) {
    await handle.db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  }
  const total = await count();
  return { total, generatedNow: total, seconds: (performance.now() - started) / 1000 };
}
