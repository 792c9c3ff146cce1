import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './seed/demo.js';
import { seedWorkflowsIfMissing } from './seed/workflow-seed.js';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
).catch((error: unknown) => {
  // e.g. the embedded data directory is held by another server: say so, without a stack trace
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
await database.migrate();
const seeded = await seedDemoData(database.db);
const workflowsSeeded = await seedWorkflowsIfMissing(database.db);
const app = await buildApp({ config, database, logger: { level: config.logLevel } });
app.addHook('onClose', async () => database.close());
if (seeded) {
  app.log.info('demo data seeded (logins: see README.md)');
} else if (workflowsSeeded) {
  app.log.info('reference workflows seeded');
}
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
