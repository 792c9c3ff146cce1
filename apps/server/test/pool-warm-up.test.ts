import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { postgresRefusal, SERVER_DATABASE_URL, waitForDisconnection } from './helper.js';

// A server's pool once warmed up (docs/performance.md "The first move on a connection"): every connection
// open, and on each the statement triggers of a workflow move already run once, so their PL/pgSQL is compiled
// and their statements planned before a person's move; a connection opened later (one the server lost) is
// readied as it opens. PostgreSQL counts each function's calls when `track_functions` is `pl`.

/** The functions a move's triggers run: its own tables' statement triggers, then the summaries' roll-ups. */
const MOVE_FUNCTIONS = [
  'attachment_node_rollups_apply',
  'attachment_node_summaries_apply',
  'attachment_node_user_rollups_apply',
  'market_quantities_orders_changed',
  'market_quantities_tokens_changed',
  'monthly_statement_attachment_money_changed',
  'order_node_rollups_apply',
  'order_node_summaries_apply',
  'order_node_user_rollups_apply',
  'order_summaries_apply',
];

const POOL_SIZE = 3;

async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  return client;
}

const refusal = await postgresRefusal(SERVER_DATABASE_URL);

describe.skipIf(Boolean(refusal))('the pool warmed up for workflow moves (PostgreSQL)', () => {
  const name = `isf_test_warm_${randomBytes(6).toString('hex')}`;
  const url = new URL(SERVER_DATABASE_URL);
  url.pathname = `/${name}`;
  let admin: pg.Client;
  let handle: DatabaseHandle | undefined;

  /**
   * Calls of the move's functions once `connections` connections have sent their statistics: each runs
   * `order_node_summaries_apply` once. An idle backend sends its figures after up to 10 s, at once when it
   * is asked to (`pg_stat_force_next_flush`, run on every connection of the pool by `onEveryConnection`).
   */
  async function callsOf(connections: number): Promise<Record<string, number>> {
    const reader = await adminClient(url.toString());
    try {
      let calls: Record<string, number> = {};
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await reader.query<{ funcname: string; calls: string }>(
          'SELECT funcname, calls FROM pg_stat_user_functions WHERE funcname = ANY($1) ORDER BY funcname',
          [MOVE_FUNCTIONS],
        );
        calls = Object.fromEntries(rows.map((row) => [row.funcname, Number(row.calls)]));
        if ((calls.order_node_summaries_apply ?? 0) >= connections) {
          break;
        }
        await reader.query('SELECT pg_stat_clear_snapshot(), pg_sleep(0.1)');
      }
      return calls;
    } finally {
      await reader.end();
    }
  }

  /** Runs `statement` on every connection of the pool at once (it holds each a moment); their backend ids. */
  async function onEveryConnection(statement: string): Promise<number[]> {
    return Promise.all(
      Array.from({ length: POOL_SIZE }, async () => {
        const result = await handle?.sql.executeSql(`SELECT pg_backend_pid() AS pid, pg_sleep(0.05) IS NULL, ${statement}`);
        return Number(result?.rows[0]?.pid);
      }),
    );
  }

  async function poolBackends(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() ORDER BY pid',
      [name],
    );
    return rows.map((row) => row.pid);
  }

  beforeAll(async () => {
    admin = await adminClient(SERVER_DATABASE_URL);
    await admin.query(`CREATE DATABASE ${name}`);
    const migrating = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await migrating.migrate();
    await migrating.close();
    // every later connection of the database counts its PL/pgSQL calls
    await admin.query(`ALTER DATABASE ${name} SET track_functions = 'pl'`);
    handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: POOL_SIZE });
  }, 120_000);

  /** A login allowed two connections, for a pool of three. */
  const limited = `${name}_two`;
  let limitedHandle: DatabaseHandle | undefined;

  afterAll(async () => {
    await handle?.close();
    await limitedHandle?.close();
    await waitForDisconnection(SERVER_DATABASE_URL, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${limited}`);
    await admin.end();
  });

  it('runs no trigger while it is not warmed up', async () => {
    const result = await handle?.sql.executeSql('SELECT pg_stat_force_next_flush()');
    expect(result?.rows).toHaveLength(1);
    expect(await callsOf(0)).toEqual({});
  });

  /** Calls per connection of each function, read after the warm-up. */
  let perConnection: Record<string, number> = {};

  it('opens every connection and runs each trigger of a move once on each, changing no row', async () => {
    await handle?.warmUp();
    expect(await poolBackends()).toHaveLength(POOL_SIZE);
    expect(new Set(await onEveryConnection('pg_stat_force_next_flush()')).size).toBe(POOL_SIZE);
    const calls = await callsOf(POOL_SIZE);
    expect(Object.keys(calls)).toEqual(MOVE_FUNCTIONS);
    perConnection = Object.fromEntries(Object.entries(calls).map(([name, count]) => [name, count / POOL_SIZE]));
    // the same triggers on every connection (summaries' roll-ups run by both of their statement triggers)
    for (const count of Object.values(perConnection)) {
      expect(Number.isInteger(count) && count >= 1).toBe(true);
    }
    expect(perConnection.order_node_summaries_apply).toBe(1);
    const written = await handle?.sql.executeSql(
      `SELECT (SELECT count(*) FROM order_node_summaries) + (SELECT count(*) FROM attachment_node_summaries)
         + (SELECT count(*) FROM order_node_rollups) + (SELECT count(*) FROM order_summaries) AS rows`,
    );
    expect(written?.rows).toEqual([{ rows: 0 }]);
  });

  it('readies a connection opened after it, in place of one the server closed', async () => {
    const [lost] = await poolBackends();
    await admin.query('SELECT pg_terminate_backend($1, 5000)', [lost]);
    // the pool has seen its connection close; statements that need every connection open another
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pids = await onEveryConnection('pg_stat_force_next_flush()');
    expect(new Set(pids).size).toBe(POOL_SIZE);
    expect(pids).not.toContain(lost);
    const calls = await callsOf(POOL_SIZE + 1);
    expect(calls).toEqual(
      Object.fromEntries(Object.entries(perConnection).map(([name, count]) => [name, count * (POOL_SIZE + 1)])),
    );
  });

  it('gives back the connections it opened when it cannot open them all', async () => {
    await admin.query(`CREATE ROLE ${limited} LOGIN CONNECTION LIMIT 2`);
    const limitedUrl = new URL(url.toString());
    limitedUrl.username = limited;
    limitedHandle = await openDatabase({ kind: 'postgres', url: limitedUrl.toString(), poolSize: POOL_SIZE });
    await expect(limitedHandle.warmUp()).rejects.toThrow(/too many connections/);
    // the two it opened are idle in the pool: a statement is served by one of them
    const served = await limitedHandle.sql.executeSql('SELECT current_user AS login');
    expect(served.rows).toEqual([{ login: limited }]);
  });
});
