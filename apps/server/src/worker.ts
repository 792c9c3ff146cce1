import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/**
 * A job worker process (DESIGN §9): the same app and job kinds as the API, without listening, taking
 * the jobs of the PostgreSQL database of DATABASE_URL. Embedded PGlite allows one process per data
 * directory, so there the API's own worker is the only one.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the API takes the jobs itself.');
  process.exit(1);
}
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
await database.exclusively(() => database.migrate());
const app = await buildApp({
  config: { ...config, jobWorker: true, webDistDir: undefined },
  database,
  logger: { level: config.logLevel },
});
app.addHook('onClose', async () => database.close());
// one process at a time creates pg-boss's queues (see main.ts)
await database.exclusively(async () => {
  await app.ready();
});
app.log.info('job worker started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'job worker stopping');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
