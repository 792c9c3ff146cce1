import { asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { auditLog, units } from '../src/db/schema/index.js';
import type { AuditContext } from '../src/platform/audit.js';
import { createCrud } from '../src/platform/crud.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, type TestApp, uniqueName } from './helper.js';

// The record life cycle of platform/crud.ts on a plain versioned table (units), through the options the
// services with their own rules need: the row locked, changes derived from the record read, an update
// without a version, what follows a creation and a deletion.
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const ENTITY = 'crud_test_unit';
const selection = { id: units.id, version: units.version, name: units.name, oracleCode: units.oracleCode };

function crudOf(lock = false) {
  return createCrud<{ id: number; version: number; name: string; oracleCode: string | null }>(testApp.db, {
    table: units,
    entity: ENTITY,
    selection,
    lock,
  });
}

function contextOf(): AuditContext {
  return { principal: null, requestId: uniqueName('crud-request') };
}

async function auditOf(context: AuditContext) {
  return testApp.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.requestId, context.requestId))
    .orderBy(asc(auditLog.id));
}

/** Whether the current transaction holds the unit's row lock: its id is the row's xmax once locked. */
async function lockedByMe(tx: Database, id: number): Promise<boolean> {
  const [row] = await rowsOf<{ mine: boolean }>(
    tx,
    sql`SELECT xmax::text = (txid_current() % 4294967296)::text AS mine FROM units WHERE id = ${id}`,
  );
  return row?.mine === true;
}

describe('createCrud options', () => {
  it('locks the row before reading it with lock, on an update and a delete', async () => {
    const crud = crudOf(true);
    const id = await crud.create({ name: uniqueName('crud-lock') }, contextOf());
    const seen: boolean[] = [];
    await crud.update(id, { version: 1, name: uniqueName('crud-lock') }, contextOf(), {
      check: async (_before, tx) => {
        seen.push(await lockedByMe(tx, id));
      },
    });
    await crud.remove(id, contextOf(), {
      check: async (_before, tx) => {
        seen.push(await lockedByMe(tx, id));
      },
    });
    expect(seen).toEqual([true, true]);
  });

  it('does not lock the row without lock', async () => {
    const crud = crudOf();
    const id = await crud.create({ name: uniqueName('crud-nolock') }, contextOf());
    let locked: boolean | undefined;
    await crud.update(id, { version: 1, name: uniqueName('crud-nolock') }, contextOf(), {
      check: async (_before, tx) => {
        locked = await lockedByMe(tx, id);
      },
    });
    expect(locked).toBe(false);
  });

  it('writes the values derived from the record read, after the version check', async () => {
    const crud = crudOf(true);
    const name = uniqueName('crud-values');
    const id = await crud.create({ name }, contextOf());
    const context = contextOf();
    const after = await crud.update(id, { version: 1, oracleCode: 'given' }, context, {
      values: async (before, tx) => {
        const [row] = await rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM units WHERE id = ${id}`);
        return { name: `${before.name}-${row?.count}` };
      },
    });
    expect(after).toMatchObject({ name: `${name}-1`, oracleCode: 'given', version: 2 });
    expect(await auditOf(context)).toEqual([
      { action: 'update', before: { id, version: 1, name, oracleCode: null }, after: after },
    ]);
    const refusal = new Error('refused by values');
    await expect(
      crud.update(id, { version: 1 }, contextOf(), {
        values: () => {
          throw refusal;
        },
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      crud.update(id, { version: 2 }, contextOf(), {
        values: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(await crud.get(id)).toMatchObject({ name: `${name}-1`, version: 2 });
  });

  it('gives afterWrite the record as it was', async () => {
    const crud = crudOf(true);
    const name = uniqueName('crud-after-write');
    const id = await crud.create({ name }, contextOf());
    let seen: unknown;
    await crud.update(id, { version: 1, name: uniqueName('crud-after-write') }, contextOf(), {
      afterWrite: async (_tx, before) => {
        seen = before;
        return undefined;
      },
    });
    expect(seen).toEqual({ id, version: 1, name, oracleCode: null });
  });

  it('writes without checking the version when it is undefined, and still moves it by one', async () => {
    const crud = crudOf(true);
    const id = await crud.create({ name: uniqueName('crud-unversioned') }, contextOf());
    await crud.update(id, { version: 1, oracleCode: 'first' }, contextOf());
    const after = await crud.update(id, { version: undefined, oracleCode: 'second' }, contextOf());
    expect(after).toMatchObject({ oracleCode: 'second', version: 3 });
  });

  it('writes the audit row under the action given, and refuses with 409 when the row no longer meets where', async () => {
    const crud = crudOf(true);
    const name = uniqueName('crud-action');
    const id = await crud.create({ name }, contextOf());
    const context = contextOf();
    await crud.update(id, { version: undefined, oracleCode: 'set' }, context, {
      action: 'coded',
      where: isNull(units.oracleCode),
    });
    expect((await auditOf(context)).map((row) => row.action)).toEqual(['coded']);
    await expect(
      crud.update(id, { version: undefined, oracleCode: 'again' }, contextOf(), { where: isNull(units.oracleCode) }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await crud.get(id)).toMatchObject({ oracleCode: 'set', version: 2 });
  });

  it('creates from values computed in the transaction, then runs afterCreate after the audit row', async () => {
    const crud = crudOf();
    const name = uniqueName('crud-create');
    const context = contextOf();
    let seen: { id: number; audited: number } | undefined;
    const id = await crud.create(
      async (tx) => {
        const [row] = await rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM units WHERE name = ${name}`);
        return { name, oracleCode: `before-${row?.count}` };
      },
      context,
      testApp.db,
      {
        afterCreate: async (created, tx) => {
          const audited = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.requestId, context.requestId));
          seen = { id: created, audited: audited.length };
        },
      },
    );
    expect(seen).toEqual({ id, audited: 1 });
    expect(await crud.get(id)).toMatchObject({ name, oracleCode: 'before-0' });
    expect(await auditOf(context)).toEqual([
      { action: 'create', before: null, after: { id, version: 1, name, oracleCode: 'before-0' } },
    ]);
  });

  it('rolls the creation back when afterCreate fails', async () => {
    const crud = crudOf();
    const name = uniqueName('crud-create-fails');
    await expect(
      crud.create({ name }, contextOf(), testApp.db, {
        afterCreate: async () => {
          throw new Error('after create');
        },
      }),
    ).rejects.toThrow('after create');
    expect(await testApp.db.select({ id: units.id }).from(units).where(eq(units.name, name))).toEqual([]);
  });

  it('runs afterDelete once the row is gone, with the record as it was, before the audit row', async () => {
    const crud = crudOf(true);
    const name = uniqueName('crud-delete');
    const id = await crud.create({ name }, contextOf());
    const context = contextOf();
    let seen: { before: unknown; left: number; audited: number } | undefined;
    await crud.remove(id, context, {
      afterDelete: async (before, tx) => {
        const left = await tx.select({ id: units.id }).from(units).where(eq(units.id, id));
        const audited = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.requestId, context.requestId));
        seen = { before, left: left.length, audited: audited.length };
      },
    });
    expect(seen).toEqual({ before: { id, version: 1, name, oracleCode: null }, left: 0, audited: 0 });
    expect(await auditOf(context)).toEqual([
      { action: 'delete', before: { id, version: 1, name, oracleCode: null }, after: null },
    ]);
  });
});
