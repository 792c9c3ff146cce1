import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defineList } from './list-engine.js';

type TwoColumnRow = { id: number; name: string };

const base = { from: sql`t`, idColumn: 'id', defaultSort: { column: 'id', direction: 'asc' as const } };
const id = { sql: sql`t.id`, kind: 'id' as const, label: 'ID' };
const name = { sql: sql`t.name`, kind: 'text' as const, label: 'Nom' };

// `npm run typecheck` runs these lines: a list tied to a contract row type declares exactly its fields
describe('a list tied to its contract row type', () => {
  it('declares one column per field of the row', () => {
    const list = defineList<TwoColumnRow>({ ...base, name: 'exact', columns: { id, name } });
    expect(Object.keys(list.columns)).toEqual(['id', 'name']);
  });

  it('may not miss a field the web reads, nor send one it does not declare', () => {
    // @ts-expect-error name is missing: the web would read a column the server lacks
    defineList<TwoColumnRow>({ ...base, name: 'missing', columns: { id } });
    // @ts-expect-error extra is not a field of the row: the server would send what the web does not declare
    defineList<TwoColumnRow>({ ...base, name: 'extra', columns: { id, name, extra: name } });
    expect(true).toBe(true);
  });
});
