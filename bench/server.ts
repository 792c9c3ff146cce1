/**
 * The real application (buildApp) over the benchmark database, in its own process so that the load
 * generator does not share its event loop. Started by run.ts through `fork`; tells the parent its port
 * over IPC, stops when the parent disconnects or after BENCH_SERVER_MAX_SECONDS (default 3600). Over IPC
 * too: the number of requests in progress, and the SQL of a request (sql-recorder.ts).
 */
import path from 'node:path';
import { buildApp } from '@isf/server/src/app.js';
import { loadConfig } from '@isf/server/src/config.js';
import { openDatabase } from '@isf/server/src/db/client.js';
import { benchTarget, outDirectory, positiveIntegerFromEnvironment } from './generate.js';
import { installSqlRecorder, startRecording, stopRecording } from './sql-recorder.js';

// before the app opens its database: run.ts records the SQL of one request at a time (sql-recorder.ts)
installSqlRecorder();
const target = benchTarget(positiveIntegerFromEnvironment('BENCH_ROWS', 1_000_000));
const database = await openDatabase(target.options);
// as the server's main does, before the app uses the pool: every connection open and ready for a workflow move
await database.warmUp();
const config = loadConfig({
  ...process.env,
  // anything the app writes (uploaded files) stays under bench/out
  DATA_DIR: path.join(outDirectory, 'app-data'),
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());

// requests whose handler has not finished, including those the load generator abandoned at the end of a
// run (their queries still hold the database): run.ts waits for zero before the next run
const pending = new Set<object>();
app.addHook('onRequest', async (request) => {
  pending.add(request.raw);
});
app.addHook('onSend', async (request, _reply, payload) => {
  pending.delete(request.raw);
  return payload;
});
process.on('message', (message) => {
  const type = (message as { type?: unknown }).type;
  if (type === 'pending') {
    process.send?.({ type: 'pending', count: pending.size });
  } else if (type === 'record-start') {
    startRecording();
    process.send?.({ type: 'recording' });
  } else if (type === 'record-stop') {
    process.send?.({ type: 'recorded', statements: stopRecording() });
  }
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) {
    return;
  }
  stopping = true;
  try {
    await app.close();
  } finally {
    process.exit(code);
  }
}
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
setTimeout(() => void stop(1), positiveIntegerFromEnvironment('BENCH_SERVER_MAX_SECONDS', 3600) * 1000).unref();

if (process.send) {
  process.send({ type: 'listening', port });
} else {
  console.log(`listening on http://127.0.0.1:${port} (${target.location})`);
}
