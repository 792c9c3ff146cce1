import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { postgresRefusal, SERVER_DATABASE_URL } from './helper.js';

// What every pooled PostgreSQL connection sets when it opens (docs/operations.md "PostgreSQL settings"):
// no parallel workers and no JIT for the app's short statements, whatever the server's defaults.

const refusal = await postgresRefusal(SERVER_DATABASE_URL);

describe.skipIf(Boolean(refusal))('the pool’s session settings on PostgreSQL', () => {
  let handle: DatabaseHandle | undefined;
  afterAll(async () => handle?.close());

  it('opens every connection without parallel workers and without JIT', async () => {
    handle = await openDatabase({ kind: 'postgres', url: SERVER_DATABASE_URL, poolSize: 3 });
    // three statements at once: three connections of the pool, each with the settings
    const settings = await Promise.all(
      [1, 2, 3].map(async () => {
        const result = await handle?.sql.executeSql(
          `SELECT current_setting('max_parallel_workers_per_gather') AS workers, current_setting('jit') AS jit,
             pg_backend_pid() AS pid, pg_sleep(0.05) IS NULL AS slept`,
        );
        return result?.rows[0] as { workers: string; jit: string; pid: number } | undefined;
      }),
    );
    expect(new Set(settings.map((row) => row?.pid)).size).toBe(3);
    expect(settings.map((row) => [row?.workers, row?.jit])).toEqual([
      ['0', 'off'],
      ['0', 'off'],
      ['0', 'off'],
    ]);
  });
});
