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
 * - `values` (update): the changes derived from the record read, called after the version check with the
 *   row as it is, and merged over the changes given; it may refuse too (a refusal that must not hide a
 *   409 on a stale version, unlike `check`, which runs before the version check).
 * - `afterWrite` (update) is given the record as it was before the write.
 * - `action` (update): the audit row's action when the change has a name of its own ('paid'), 'update' otherwise;
 *   `where`: a condition the row must still meet when written, a 409 otherwise (as `updateAtVersion`'s).
 * - `afterDelete` (remove): writes that follow the deletion (figures the record counted in), before the
 *   audit row; `check` runs right before the DELETE, so it may also take away what must go first.
 */
export type WriteHooks<Row extends Values = Values> = {
  check?: (before: Row, transaction: Database) => Promise<void> | void;
  values?: (before: Row, transaction: Database) => Values | Promise<Values>;
  afterWrite?: (transaction: Database, before: Row) => Promise<Values | undefined>;
  action?: string;
  where?: SQL;
};

export type RemoveHooks<Row extends Values = Values> = Pick<WriteHooks<Row>, 'check'> & {
  afterDelete?: (before: Row, transaction: Database) => Promise<unknown>;
};

/** What a caller may add to a creation: writes that follow the insert and its audit row (a workflow token). */
export type CreateHooks = { afterCreate?: (id: number, transaction: Database) => Promise<unknown> };

/**
 * The record life cycle every editable entity shares: read, create, update under optimistic locking
 * (a stale `version` is a 409 and nothing is written), delete; each mutation writes its audit row in
 * the same transaction.
 *
 * `Row` types the record `selection` reads (what the hooks and `get` see), `Values` unless given.
 * With `lock`, an update or a delete reads `before` locking the row (`SELECT … FOR UPDATE`, one
 * statement: a row changed by a transaction it waited for is read as that one committed it; a subquery
 * of the selection would still see the rows of before the wait), so what its hooks check of the row
 * holds until the transaction ends. An update whose
 * `version` is undefined is not checked against one (a change the caller makes whatever the version
 * seen, under the lock); the version still moves by one.
 */
export function createCrud<Row extends Values = Values>(
  database: Database,
  options: {
    table: CrudTable;
    entity: string;
    selection: Record<string, PgColumn | SQL.Aliased>;
    where?: SQL;
    lock?: boolean;
  },
) {
  const { table, entity, selection, where, lock } = options;

  function select(db: Database, id: number) {
    const condition = where ? and(eq(table.id, id), where) : eq(table.id, id);
    return db.select(selection).from(table).where(condition).limit(1);
  }

  async function find(db: Database, id: number): Promise<Row | undefined> {
    const [row] = await select(db, id);
    return row as Row | undefined;
  }

  /** The record a change starts from, its row locked with `lock`; 404 when unknown. */
  async function before(transaction: Database, id: number): Promise<Row> {
    const [row] = lock ? await select(transaction, id).for('update') : await select(transaction, id);
    if (!row) {
      throw notFound();
    }
    return row as Row;
  }

  return {
    find,

    async get(id: number): Promise<Row> {
      const row = await find(database, id);
      if (!row) {
        throw notFound();
      }
      return row;
    },

    /**
     * Inserts the record and its audit row (the record as read back); `values` may be a function of the
     * transaction (a reference numbered in it), `afterCreate` writes what follows the new record.
     */
    async create(
      values: Values | ((transaction: Database) => Promise<Values>),
      context: AuditContext,
      db: Database = database,
      hooks: CreateHooks = {},
    ): Promise<number> {
      const run = async (transaction: Database) => {
        const inserted = typeof values === 'function' ? await values(transaction) : values;
        const [created] = await transaction.insert(table).values(inserted).returning({ id: table.id });
        const id = Number(created?.id);
        await recordAudit(transaction, context, { entity, entityId: id, action: 'create', after: await find(transaction, id) });
        await hooks.afterCreate?.(id, transaction);
        return id;
      };
      return db === database ? database.transaction(run) : run(db);
    },

    async update(
      id: number,
      values: Values & { version: number | undefined },
      context: AuditContext,
      hooks: WriteHooks<Row> = {},
    ): Promise<Row> {
      const { version, ...changes } = values;
      return database.transaction(async (transaction) => {
        const row = await before(transaction, id);
        await hooks.check?.(row, transaction);
        if (version !== undefined && row.version !== version) {
          throw staleVersion(Number(row.version));
        }
        const derived = hooks.values ? await hooks.values(row, transaction) : {};
        await updateAtVersion(transaction, table, id, version, { ...changes, ...derived }, hooks.where);
        const dependents = await hooks.afterWrite?.(transaction, row);
        const after = (await find(transaction, id)) ?? {};
        await recordAudit(transaction, context, {
          entity,
          entityId: id,
          action: hooks.action ?? 'update',
          before: row,
          after: dependents ? { ...after, ...dependents } : after,
        });
        return after as Row;
      });
    },

    async remove(id: number, context: AuditContext, hooks: RemoveHooks<Row> = {}): Promise<void> {
      await database.transaction(async (transaction) => {
        const row = await before(transaction, id);
        await hooks.check?.(row, transaction);
        await transaction.delete(table).where(eq(table.id, id));
        await hooks.afterDelete?.(row, transaction);
        await recordAudit(transaction, context, { entity, entityId: id, action: 'delete', before: row });
      });
    },
  };
}
