import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { type AuditContext, recordAudit } from './audit.js';
import { notFound, staleVersion } from './errors.js';

export type CrudTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };
export type Values = Record<string, unknown>;

/**
 * The one way a request writes a versioned record it read: the UPDATE's WHERE carries the version the
 * client (or the caller's read) saw, so of concurrent writers holding one version exactly one changes the
 * row — the others find no row at that version and get 409 with the current version (404 when the row is
 * gone). The version moves by one and `updated_at` (when the table has it) is set in the same statement.
 * `where` narrows the row further (e.g. "still unpaid") and answers 409 the same way when it no longer
 * holds. With `expected` undefined the write is version-checked against nothing but still bumps it.
 */
export async function updateAtVersion(
  db: Database,
  table: VersionedTable,
  id: number,
  expected: number | undefined,
  values: Values,
  where?: SQL,
): Promise<void> {
  const conditions = [eq(table.id, id)];
  if (expected !== undefined) {
    conditions.push(eq(table.version, expected));
  }
  if (where) {
    conditions.push(where);
  }
  const stamp = 'updatedAt' in table ? { updatedAt: sql`now()` } : {};
  const updated = await db
    .update(table)
    .set({ ...values, ...stamp, version: sql`${table.version} + 1` } as Values)
    .where(and(...conditions))
    .returning({ id: table.id });
  if (updated.length > 0) {
    return;
  }
  const [current] = await db.select({ version: table.version }).from(table).where(eq(table.id, id)).limit(1);
  if (!current) {
    throw notFound();
  }
  throw staleVersion(Number(current.version));
}

/**
 * What a caller may add to an update or a delete, inside its transaction: a business check on the
 * record as it is (e.g. a lock), and writes of dependent rows whose summary joins the audit row.
 */
export type WriteHooks = {
  check?: (before: Values, transaction: Database) => Promise<void> | void;
  afterWrite?: (transaction: Database) => Promise<Values | undefined>;
};

/**
 * The record life cycle every editable entity shares: read, create, update under optimistic locking
 * (a stale `version` is a 409 and nothing is written), delete; each mutation writes its audit row in
 * the same transaction.
 */
export function createCrud(
  database: Database,
  options: { table: CrudTable; entity: string; selection: Record<string, PgColumn | SQL.Aliased>; where?: SQL },
) {
  const { table, entity, selection, where } = options;

  async function find(db: Database, id: number): Promise<Values | undefined> {
    const condition = where ? and(eq(table.id, id), where) : eq(table.id, id);
    const [row] = await db.select(selection).from(table).where(condition).limit(1);
    return row;
  }

  return {
    find,

    async get(id: number): Promise<Values> {
      const row = await find(database, id);
      if (!row) {
        throw notFound();
      }
      return row;
    },

    async create(values: Values, context: AuditContext, db: Database = database): Promise<number> {
      const run = async (transaction: Database) => {
        const [created] = await transaction.insert(table).values(values).returning({ id: table.id });
        const id = Number(created?.id);
        await recordAudit(transaction, context, { entity, entityId: id, action: 'create', after: await find(transaction, id) });
        return id;
      };
      return db === database ? database.transaction(run) : run(db);
    },

    async update(
      id: number,
      values: Values & { version: number },
      context: AuditContext,
      hooks: WriteHooks = {},
    ): Promise<Values> {
      const { version, ...changes } = values;
      return database.transaction(async (transaction) => {
        const before = await find(transaction, id);
        if (!before) {
          throw notFound();
        }
        await hooks.check?.(before, transaction);
        if (before.version !== version) {
          throw staleVersion(Number(before.version));
        }
        await updateAtVersion(transaction, table, id, version, changes);
        const dependents = await hooks.afterWrite?.(transaction);
        const after = (await find(transaction, id)) ?? {};
        await recordAudit(transaction, context, {
          entity,
          entityId: id,
          action: 'update',
          before,
          after: dependents ? { ...after, ...dependents } : after,
        });
        return after;
      });
    },

    async remove(id: number, context: AuditContext, hooks: Pick<WriteHooks, 'check'> = {}): Promise<void> {
      await database.transaction(async (transaction) => {
        const before = await find(transaction, id);
        if (!before) {
          throw notFound();
        }
        await hooks.check?.(before, transaction);
        await transaction.delete(table).where(eq(table.id, id));
        await recordAudit(transaction, context, { entity, entityId: id, action: 'delete', before });
      });
    },
  };
}
