import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export type SqlRows = { rows: Record<string, unknown>[] };

/**
 * Raw SQL on the app's database, in the shape pg-boss expects of its `db` option. Parameterless text
 * may hold several statements (pg-boss's schema creation and maintenance); text with values is one.
 */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
  /** Resolves once no statement sent so far is still running (shutdown waits for it). */
  idle(): Promise<void>;
};

/** Tracks the statements in flight, so a shutdown can wait for writes nobody awaits (pg-boss's completions). */
function inFlightTracker() {
  const running = new Set<Promise<unknown>>();
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      running.add(promise);
      const forget = () => running.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    async idle(): Promise<void> {
      while (running.size > 0) {
        await Promise.allSettled([...running]);
      }
    },
  };
}

/**
 * PGlite is one connection: calls are serialised, and parameterless text goes through `exec` (the
 * simple protocol), the only one that accepts several statements. The rows are those of the last
 * statement that returns columns.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  const tracker = inFlightTracker();
  let queue: Promise<unknown> = Promise.resolve();
  async function run(text: string, values: unknown[] | undefined): Promise<SqlRows> {
    if (values === undefined || values.length === 0) {
      const results = await client.exec(text);
      const withColumns = results.filter((result) => result.fields.length > 0);
      return { rows: (withColumns.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    }
    const result = await client.query<Record<string, unknown>>(text, values);
    return { rows: result.rows };
  }
  return {
    executeSql(text, values) {
      const next = queue.then(
        () => run(text, values),
        () => run(text, values),
      );
      queue = next.catch(() => undefined);
      return tracker.track(next);
    },
    idle: () => tracker.idle(),
  };
}

/** A PostgreSQL pool: each call takes a connection; the simple protocol runs parameterless multi-statement text. */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  const tracker = inFlightTracker();
  return {
    async executeSql(text, values) {
      const result = await tracker.track(
        values === undefined || values.length === 0 ? pool.query(text) : pool.query(text, values),
      );
      const results = (Array.isArray(result) ? result : [result]) as pg.QueryResult[];
      const withColumns = results.filter((entry) => (entry.fields?.length ?? 0) > 0);
      return { rows: (withColumns.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    idle: () => tracker.idle(),
  };
}
