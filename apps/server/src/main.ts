import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { passwordRefusal } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { demoDataWanted, isEmptyDatabase, seedAdministrator } from './seed/administrator-seed.js';
import { seedDemoData } from './seed/demo.js';
import { seedWorkflowsIfMissing } from './seed/workflow-seed.js';

/** The argument of the child process that prepares the embedded database (see prepareInChildProcess). */
const PREPARE_FLAG = '--prepare-embedded-database';

function refuseToStart(error: unknown): never {
  // a setting production lacks, a data directory another server holds: said plainly, without a stack trace
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return refuseToStart(error);
  }
})();
const pgliteOptions = {
  kind: 'pglite',
  dataDir: path.join(config.dataDir, 'pglite'),
  sharedBuffers: config.pgliteSharedBuffers,
} as const;

/** What the start-up preparation of the database did, for the log. */
type Preparation = { empty: boolean; seeded: boolean; workflowsSeeded: boolean };

/** The migrations, then the demo data (or the administrator) and the reference workflows where missing. */
async function prepare(database: DatabaseHandle): Promise<Preparation> {
  await database.migrate();
  // the demo data and its documented logins (password = login) only where asked: always on the embedded
  // database, on a PostgreSQL database with SEED_DEMO=1; otherwise an empty database gets one
  // administrator whose password is ADMIN_PASSWORD
  const empty = await isEmptyDatabase(database.db);
  const seeded = demoDataWanted(config) ? await seedDemoData(database.db) : false;
  if (empty && !seeded) {
    const password = process.env.ADMIN_PASSWORD ?? '';
    const refusal = passwordRefusal(password, 'admin');
    if (refusal) {
      refuseToStart(
        new Error(
          `The database is empty: start once with ADMIN_PASSWORD set to create the administrator "admin" (${refusal}), ` +
            'or with SEED_DEMO=1 to load the demo data.',
        ),
      );
    }
    await seedAdministrator(database.db, password);
  }
  return { empty, seeded, workflowsSeeded: await seedWorkflowsIfMissing(database.db) };
}

/**
 * On a new embedded database the migrations, the seeding and pg-boss's schema are done in a child process
 * of its own (this script again, with PREPARE_FLAG), which closes the database and exits before the server
 * opens it: PGlite's WebAssembly memory grows with the work done and is never given back, so a first start
 * that seeded the demo data in the server's own process idled at about 380 MB instead of 240 MB
 * (docs/performance.md, "Memory"). Resolves with what the child did; exits as the child did if it failed.
 */
function prepareInChildProcess(): Promise<Preparation & { pid: number }> {
  return new Promise((resolve) => {
    // the server's Node options but those that keep its heap small (npm start's): the child's memory is
    // given back when it exits, and a young generation of 1 MB made the seed about 20 % slower
    const options = process.execArgv.filter((option) => !/^--(optimize-for-size|max-semi-space-size)/.test(option));
    const child = spawn(process.execPath, [...options, process.argv[1] ?? '', PREPARE_FLAG], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let preparation: Preparation | undefined;
    child.on('message', (message) => {
      preparation = message as Preparation;
    });
    // a server stopped while its database is being prepared stops the preparation too
    const stop = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.once('exit', (code) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (code === 0 && preparation) {
        resolve({ ...preparation, pid: child.pid ?? 0 });
      } else {
        // the child said why on the shared standard error
        process.exit(code || 1);
      }
    });
  });
}

if (process.argv.includes(PREPARE_FLAG)) {
  const database = await openDatabase(pgliteOptions).catch(refuseToStart);
  const preparation = await prepare(database);
  // the demo rows' hint bits and visibility map set, and their statistics, here rather than by the server's
  // first reads (the migrations analysed the tables while they were still empty)
  await database.db.execute(sql`VACUUM ANALYZE`);
  // pg-boss creates its schema and a table per queue when the app gets ready: done here too, without taking
  // jobs (left to the server, this DDL kept it about 20 MB larger)
  const app = await buildApp({
    config: { ...config, jobWorker: false, webDistDir: undefined },
    database,
    logger: { level: config.logLevel },
  });
  await app.ready();
  await app.close();
  await database.close();
  await new Promise<void>((resolve, reject) =>
    process.send ? process.send(preparation, (error: Error | null) => (error ? reject(error) : resolve())) : resolve(),
  );
  process.exit(0);
} else {
  await serve();
}

async function serve() {
  // a new embedded database (no PG_VERSION yet) is prepared aside; a restart migrates here, as on PostgreSQL:
  // a second process on every start would double the time until the login page answers
  const fresh = !config.databaseUrl && !existsSync(path.join(pgliteOptions.dataDir, 'PG_VERSION'));
  const preparedAside = fresh ? await prepareInChildProcess() : undefined;
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize } : pgliteOptions,
  ).catch(refuseToStart);
  // API processes started together on one PostgreSQL database migrate and seed one after the other
  const { empty, seeded, workflowsSeeded } = preparedAside ?? (await database.exclusively(() => prepare(database)));
  // the log names the process that migrated and seeded when it was not this one
  const preparedBy = preparedAside ? { preparedBy: preparedAside.pid } : {};
  // before anything else uses the pool (the app's jobs and schedules start when it gets ready): the warm-up
  // holds every connection at once; a failure leaves them to compile the move's triggers on first use
  const warmUpFailure = await database.warmUp().then(
    () => undefined,
    (error: unknown) => error,
  );
  // the embedded database is held by this process alone (its data-directory lock): the tasks it finds
  // running at start are those of a server that was killed
  const app = await buildApp({
    config: { ...config, jobSoleProcess: database.kind === 'pglite' },
    database,
    logger: { level: config.logLevel },
  });
  app.addHook('onClose', async () => database.close());
  if (warmUpFailure) {
    app.log.warn({ err: warmUpFailure }, 'database connections not warmed up');
  }
  if (empty && !seeded) {
    app.log.info(preparedBy, 'empty database: administrator "admin" created with ADMIN_PASSWORD');
  } else if (seeded) {
    app.log.info(preparedBy, 'demo data seeded (logins: see README.md)');
  } else if (workflowsSeeded) {
    app.log.info(preparedBy, 'reference workflows seeded');
  }
  // pg-boss creates its schema and queues when the app gets ready; two processes creating queues together
  // deadlock (its create_queue takes no lock), so this too is done one process at a time
  await database.exclusively(async () => {
    await app.ready();
  });
  await app.listen({ port: config.port, host: config.host });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
