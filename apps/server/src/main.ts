import path from 'node:path';
import { passwordRefusal } from '@isf/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isEmptyDatabase, seedAdministrator } from './seed/administrator-seed.js';
import { seedDemoData } from './seed/demo.js';
import { seedWorkflowsIfMissing } from './seed/workflow-seed.js';

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
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), sharedBuffers: config.pgliteSharedBuffers },
).catch(refuseToStart);
// API processes started together on one PostgreSQL database migrate and seed one after the other
const { empty, seeded, workflowsSeeded } = await database.exclusively(async () => {
  await database.migrate();
  // the demo data and its documented logins (password = login) only where asked: always on the embedded
  // database, on a PostgreSQL database with SEED_DEMO=1; otherwise an empty database gets one
  // administrator whose password is ADMIN_PASSWORD
  const empty = await isEmptyDatabase(database.db);
  const seeded = !config.databaseUrl || config.seedDemo ? await seedDemoData(database.db) : false;
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
});
// the embedded database is held by this process alone (its data-directory lock): the tasks it finds
// running at start are those of a server that was killed
const app = await buildApp({
  config: { ...config, jobSoleProcess: database.kind === 'pglite' },
  database,
  logger: { level: config.logLevel },
});
app.addHook('onClose', async () => database.close());
if (empty && !seeded) {
  app.log.info('empty database: administrator "admin" created with ADMIN_PASSWORD');
} else if (seeded) {
  app.log.info('demo data seeded (logins: see README.md)');
} else if (workflowsSeeded) {
  app.log.info('reference workflows seeded');
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
