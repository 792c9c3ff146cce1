/**
 * The monthly statement generation (issue 11) over 10,000 validated attachments in 1,000 markets of one
 * project: one run (one transaction per market), then the same run again (it creates nothing), in seconds,
 * on PostgreSQL (a database of its own, `isf_bench_generation`, created and dropped here: never isf_bench)
 * and on PGlite (a temporary directory). The markets are written set-based by the tests' seed
 * (apps/server/test/statement-generation-seed.ts), copies of the first demo order's market.
 *
 * `npm run statements-generation -w bench` (DATABASE_URL: the PostgreSQL server's admin database, default
 * postgres://postgres@127.0.0.1:5432/postgres). BENCH_GENERATION_MARKETS (1000), BENCH_GENERATION_PER_MARKET (10).
 * BENCH_GENERATION_PROFILE=1: the first run's SQL recorded at the driver (sql-recorder.ts) and summed by
 * statement shape — how many statements a market costs and where the time goes (PostgreSQL only then).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@isf/server/src/db/client.js';
import { projects } from '@isf/server/src/db/schema/index.js';
import { generateStatements } from '@isf/server/src/modules/monthly-statements/index.js';
import { rowsOf } from '@isf/server/src/platform/sql-rows.js';
import { seedDemoData } from '@isf/server/src/seed/demo.js';
import { type SeedMarket, seedGenerationMarkets } from '@isf/server/test/statement-generation-seed.js';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { positiveIntegerFromEnvironment } from './generate.js';
import { installSqlRecorder, type RecordedStatement, startRecording, stopRecording } from './sql-recorder.js';

const MARKETS = positiveIntegerFromEnvironment('BENCH_GENERATION_MARKETS', 1_000);
const PER_MARKET = positiveIntegerFromEnvironment('BENCH_GENERATION_PER_MARKET', 10);
const DATABASE = 'isf_bench_generation';
const TODAY = '2031-05-15';
const PROFILE = process.env.BENCH_GENERATION_PROFILE === '1';

/** The recorded statements grouped by shape (numbers and parameters aside), the costliest first. */
function printProfile(statements: readonly RecordedStatement[], markets: number): void {
  const shapes = new Map<string, { count: number; ms: number }>();
  for (const statement of statements) {
    const shape = statement.text
      .replace(/\s+/g, ' ')
      .replace(/\$\d+(, \$\d+)*/g, '$n')
      .slice(0, 160);
    const entry = shapes.get(shape) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += statement.end - statement.start;
    shapes.set(shape, entry);
  }
  const total = statements.reduce((sum, statement) => sum + (statement.end - statement.start), 0);
  console.log(
    `profile: ${statements.length} statements (${(statements.length / markets).toFixed(1)} per market), ` +
      `${total.toFixed(0)} ms in the database (${(total / markets).toFixed(1)} ms per market)`,
  );
  for (const [shape, entry] of [...shapes].sort((left, right) => right[1].ms - left[1].ms).slice(0, 15)) {
    console.log(`  ${entry.ms.toFixed(0).padStart(7)} ms ${String(entry.count).padStart(6)}× ${shape}`);
  }
}

async function measure(label: string, handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedDemoData(handle.db);
  const [template] = await rowsOf<{ orderId: number; marketId: number }>(
    handle.db,
    sql`SELECT o.id AS "orderId", o.market_id AS "marketId" FROM orders o ORDER BY o.id LIMIT 1`,
  );
  if (!template) {
    throw new Error('the demo data has no order to copy');
  }
  const [project] = await handle.db
    .insert(projects)
    .values({ name: 'Bench generation', code: 'BENCH-GEN' })
    .returning({ id: projects.id });
  const markets: SeedMarket[] = Array.from({ length: MARKETS }, (_, market) => ({
    tva: 'basic',
    attachments: Array.from({ length: PER_MARKET }, (_, index) => ({
      amount: `${1000 + ((market * PER_MARKET + index) % 9000)}.00`,
      rg: `${50 + ((market * PER_MARKET + index) % 450)}.00`,
      depositUsed: '0.00',
      // half of the RG due by the run: released in the same statements
      rgReleaseDate: index % 2 === 0 ? '2031-01-01' : '2032-01-01',
      validated: true,
    })),
  }));
  const seedStart = performance.now();
  await seedGenerationMarkets(handle.db, template, project?.id ?? 0, markets, 'bench');
  await handle.db.execute(sql`ANALYZE`);
  const seeded = (performance.now() - seedStart) / 1000;
  const run = async () => {
    const start = performance.now();
    const result = await generateStatements(handle.db, {
      projectIds: [project?.id ?? 0],
      today: TODAY,
      principal: null,
      context: { principal: null, requestId: 'bench' },
    });
    return { seconds: (performance.now() - start) / 1000, created: result.created };
  };
  if (PROFILE) {
    startRecording();
  }
  const first = await run();
  if (PROFILE) {
    printProfile(stopRecording(), MARKETS);
  }
  const second = await run();
  const [counts] = await rowsOf<{ invoiced: number; released: number }>(
    handle.db,
    sql`SELECT (SELECT count(*)::int FROM monthly_statement_attachments) AS invoiced,
      (SELECT count(*)::int FROM monthly_statement_rg_releases) AS released`,
  );
  console.log(
    `${label}: ${MARKETS} markets × ${PER_MARKET} validated attachments (seeded in ${seeded.toFixed(1)} s); ` +
      `generation ${first.seconds.toFixed(2)} s (${first.created} statements, ${counts?.invoiced} attachments invoiced, ` +
      `${counts?.released} RG released); second run ${second.seconds.toFixed(2)} s (${second.created} statements)`,
  );
}

if (PROFILE) {
  installSqlRecorder();
}
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await measure('PostgreSQL', handle);
  } finally {
    await handle.close();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.end();
}

// the profile is PostgreSQL's: the pool's statements are what the recorder sees in a transaction
if (!PROFILE) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'isf-bench-generation-'));
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await measure('PGlite', handle);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
