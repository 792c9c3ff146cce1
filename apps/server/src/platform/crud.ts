import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { type AuditContext, recordAudit } from './audit.js';
import { notFound, staleVersion } from './errors.js';

export type CrudTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };
export type Values = Record<string, unknown>;

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
        const updated = await transaction
          .update(table)
          .set({ ...changes, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as Values)
          .where(and(eq(table.id, id), eq(table.version, version)))
          .returning({ id: table.id });
        if (updated.length === 0) {
          throw staleVersion(Number(before.version));
        }
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
