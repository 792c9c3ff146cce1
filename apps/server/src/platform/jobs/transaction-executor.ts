import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SqlExecutor, SqlRows } from '../../db/sql-executor.js';

/** pg-boss passes its JSON data as an object: the drivers get it as JSON text. */
function parameter(value: unknown): unknown {
  if (value === undefined) {
    return null;
  }
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
}

/**
 * pg-boss's `db` option on a Drizzle transaction: its numbered parameters (`$1`, possibly repeated)
 * become Drizzle parameters, so a job is sent in the same transaction as the rows that explain it.
 */
export function transactionExecutor(tx: Database): SqlExecutor {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<SqlRows> {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(parameter(values[Number(part) - 1]))}`);
      });
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
    idle: async () => undefined,
  };
}
