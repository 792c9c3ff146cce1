/**
 * More monthly statements (issue 11's bench row, "the statements list at 1,000,000 statements"): the generated
 * statements (`generate-statements.ts`, about 190,000: one per generated market and month with validated
 * attachments, since 2019) are brought to BENCH_STATEMENTS statements in all by a longer history: for every
 * generated market (`BM-…`), one statement per month before the data set's first generated month, going back
 * month after month, as the monthly generation makes them (`generated_month` set, dated the month's last day, a
 * theoretical payment date 45 days later) and paid long ago (paid 30 days after, locked, a SAP reference). They
 * invoice no attachment (the data set's attachments start in 2019): the list, its count and its totals treat
 * them as any statement (same table, same markets and scopes), their figures are 0.
 *
 * Written with the triggers on (no `session_replication_role = replica`): `statement_summaries` (migration 0055)
 * follows each chunk through its statement triggers. Chunks of CHUNK_MONTHS months, each committed with its
 * progress (`statements_history_months` in bench_meta; the anchor month in `statements_history_anchor`), so an
 * interrupted run resumes; ON CONFLICT on (market, month) makes a chunk idempotent. Then ANALYZE.
 *
 * Off unless BENCH_STATEMENTS is set (`BENCH_STATEMENTS=1000000 npm run generate -w bench`, or with `npm run bench`).
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { sql } from 'drizzle-orm';
import type { GeneratedCount } from './generate-users.js';
import { rows } from './sql-rows.js';

const CHUNK_MONTHS = 12;

function writeMeta(key: string, value: string) {
  return sql`INSERT INTO bench_meta (key, value) VALUES (${key}, ${value})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
}

async function meta(handle: DatabaseHandle, key: string): Promise<string | undefined> {
  const [row] = await rows(handle, sql`SELECT value FROM bench_meta WHERE key = ${key}`);
  return row ? String(row.value) : undefined;
}

const countAll = async (handle: DatabaseHandle) =>
  Number((await rows(handle, sql`SELECT count(*)::int AS total FROM monthly_statements`))[0]?.total ?? 0);

/** Adds history statements until the table holds `target` statements (idempotent, resumable). */
export async function ensureStatementHistory(handle: DatabaseHandle, target: number): Promise<GeneratedCount> {
  const started = performance.now();
  let total = await countAll(handle);
  if (total >= target) {
    return { total, generatedNow: 0, seconds: 0 };
  }
  let anchor = await meta(handle, 'statements_history_anchor');
  if (!anchor) {
    const [first] = await rows(
      handle,
      sql`SELECT min(s.generated_month) AS month FROM monthly_statements s JOIN markets m ON m.id = s.market_id
        WHERE m.edifice LIKE 'BM-%' AND s.generated_month IS NOT NULL`,
    );
    if (!first?.month) {
      throw new Error('the statement history needs the generated statements: generate them first');
    }
    anchor = String(first.month);
    await handle.db.execute(writeMeta('statements_history_anchor', anchor));
  }
  const [markets] = await rows(handle, sql`SELECT count(*)::int AS count FROM markets WHERE edifice LIKE 'BM-%'`);
  const marketCount = Number(markets?.count ?? 0);
  if (marketCount === 0) {
    throw new Error('the statement history needs the generated markets');
  }
  const [creator] = await rows(
    handle,
    sql`SELECT id FROM users WHERE uid = 'comptable' UNION ALL SELECT id FROM users WHERE uid = 'admin' LIMIT 1`,
  );
  const creatorId = creator ? Number(creator.id) : null;
  let done = Number((await meta(handle, 'statements_history_months')) ?? 0);
  const initially = total;
  console.log(
    `statement history: ${total.toLocaleString('en-US')} statements, up to ${target.toLocaleString('en-US')}: ` +
      `months before ${anchor}${done > 0 ? `, resuming after ${done} months` : ''}`,
  );
  while (total < target) {
    const months = Math.min(CHUNK_MONTHS, Math.ceil((target - total) / marketCount));
    const remaining = target - total;
    await handle.db.transaction(async (transaction) => {
      // month k (1…) before the anchor, for every generated market in id order, as many as still missing
      await transaction.execute(sql`
        INSERT INTO monthly_statements (market_id, date, sap_reference, theoretical_payment_date, paid_at, locked,
                                        creator_id, generated_month, created_at, updated_at)
        SELECT h.market_id, h.date, 'SAP-' || lpad(h.market_id::text, 5, '0') || '-' || to_char(h.date, 'YYYYMM'),
               h.date + 45, (h.date + 30)::timestamptz + interval '10 hours', TRUE, ${creatorId},
               to_char(h.date, 'YYYY-MM'), h.date::timestamptz + interval '9 hours', (h.date + 30)::timestamptz + interval '10 hours'
        FROM (
          SELECT m.id AS market_id, k,
                 (to_date(${anchor}, 'YYYY-MM') - k * interval '1 month' + interval '1 month - 1 day')::date AS date
          FROM generate_series(${done + 1}::int, ${done + months}::int) AS k
          CROSS JOIN markets m
          WHERE m.edifice LIKE 'BM-%'
          ORDER BY k, m.id
          LIMIT ${remaining}
        ) h
        ON CONFLICT (market_id, generated_month) DO NOTHING`);
      await transaction.execute(writeMeta('statements_history_months', String(done + months)));
    });
    done += months;
    const before = total;
    total = await countAll(handle);
    if (total === before) {
      throw new Error(`the statement history added nothing at month ${done} before ${anchor}`);
    }
    const elapsed = (performance.now() - started) / 1000;
    console.log(
      `  ${total.toLocaleString('en-US')} / ${target.toLocaleString('en-US')} statements (${done} months of history)  ` +
        `${Math.round((total - initially) / elapsed).toLocaleString('en-US')} rows/s`,
    );
  }
  await handle.db.execute(sql`ANALYZE monthly_statements`);
  // each chunk updated every market's summary row: rewritten to its 4,000 live rows (a few pages, not hundreds)
  await handle.db.execute(sql`VACUUM (FULL, ANALYZE) statement_summaries`);
  return { total, generatedNow: total - initially, seconds: (performance.now() - started) / 1000 };
}
