import { FIELD_LABELS_FR, type ResourceDefinition } from '@isf/contract';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { createCrud } from '../../platform/crud.js';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import { REFERENCE_TABLES } from './reference.tables.js';

/** One declared reference resource: its list query and its record life cycle. */
export function createReferenceService(database: Database, definition: ResourceDefinition) {
  const { table, where } = REFERENCE_TABLES[definition.key];
  const columns = getTableColumns(table) as Record<string, PgColumn>;

  function column(name: string): PgColumn {
    const found = columns[name];
    if (!found) {
      throw new Error(`${definition.key}: no column ${name}`);
    }
    return found;
  }

  const listDefinition: ListDefinition = defineList({
    name: definition.key,
    from: sql`${table}`,
    idColumn: 'id',
    columns: Object.fromEntries(
      definition.columns.map((name): [string, ListColumn] => [
        name,
        { sql: sql`${column(name)}`, kind: name === 'id' ? 'id' : 'text', label: FIELD_LABELS_FR[name] ?? name },
      ]),
    ),
    defaultSort: { column: 'id', direction: 'asc' },
    where,
  });

  const selection = Object.fromEntries(
    ['id', 'version', ...definition.fields.map((field) => field.name)].map((name) => [name, column(name)]),
  );
  const crud = createCrud(database, { table, entity: definition.entity, selection, where });

  return {
    listDefinition,
    get: crud.get,
    create: crud.create,
    update: crud.update,
    remove: crud.remove,
    async all() {
      return database
        .select({ id: table.id, name: column('name') })
        .from(table)
        .where(where ?? sql`TRUE`)
        .orderBy(asc(column('name')), asc(table.id));
    },
  };
}
