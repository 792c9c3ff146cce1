/**
 * The SQL the app sends, as its database driver sees it: installed in the benchmark's app process
 * (server.ts) before the app opens its database, it wraps `pg.Client.prototype.query` (every statement of
 * the pool, in or out of transactions) and `PGlite.prototype.query` (PGlite: statements outside
 * transactions), and, while a recording is on, keeps each statement's text, values, start and end.
 *
 * run.ts turns a recording on around one request at a time (nothing else runs then), so what is recorded
 * is that request's SQL; the background job queue's own statements (pg-boss, schema `pgboss`) are left out.
 * The "direct SQL" figures replay these statements on the database (direct-sql.ts `replayRecording`).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type RecordedStatement = { text: string; values: unknown[]; start: number; end: number };

let recording: RecordedStatement[] | null = null;

function remember(text: unknown, values: unknown): RecordedStatement | null {
  if (recording === null || typeof text !== 'string' || /\bpgboss\./i.test(text)) {
    return null;
  }
  const statement: RecordedStatement = {
    text,
    values: Array.isArray(values) ? values.map(plain) : [],
    start: performance.now(),
    end: Number.NaN,
  };
  recording.push(statement);
  return statement;
}

/** A value as it can cross the IPC channel and be sent again (dates as ISO text, buffers as hex). */
function plain(value: unknown): unknown {
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (Buffer.isBuffer(value)) {
    return `\\x${value.toString('hex')}`;
  }
  return value;
}

function finish(statement: RecordedStatement | null): void {
  if (statement) {
    statement.end = performance.now();
  }
}

export function installSqlRecorder(): void {
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function recordedQuery(this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const statement = remember(text, Array.isArray(values) ? values : (config as { values?: unknown } | null)?.values);
    if (statement === null) {
      return clientQuery.apply(this, args);
    }
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        finish(statement);
        return (callback as (...parameters: unknown[]) => unknown)(...results);
      };
      return clientQuery.apply(this, args);
    }
    const result = clientQuery.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => finish(statement),
        () => finish(statement),
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;

  const pgliteQuery = PGlite.prototype.query;
  PGlite.prototype.query = async function recordedPgliteQuery(this: PGlite, ...args: Parameters<PGlite['query']>) {
    const statement = remember(args[0], args[1]);
    try {
      return await pgliteQuery.apply(this, args);
    } finally {
      finish(statement);
    }
  } as PGlite['query'];
}

export function startRecording(): void {
  recording = [];
}

export function stopRecording(): RecordedStatement[] {
  const taken = recording ?? [];
  recording = null;
  return taken;
}
