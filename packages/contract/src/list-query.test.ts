import { describe, expect, it } from 'vitest';
import { listQueryWireSchema, parseSort, toListWire } from './list-query.js';

describe('list query wire form', () => {
  it('defaults to the first page of 50', () => {
    expect(listQueryWireSchema.parse({})).toMatchObject({ page: 0, size: 50 });
  });

  it('parses filters given as JSON text', () => {
    expect(listQueryWireSchema.parse({ filters: '{"name":"mè","id":3}' }).filters).toEqual({ name: 'mè', id: '3' });
  });

  it('refuses malformed filters, a negative page, a size above 200 and a malformed sort', () => {
    expect(listQueryWireSchema.safeParse({ filters: '{oops' }).success).toBe(false);
    expect(listQueryWireSchema.safeParse({ page: -1 }).success).toBe(false);
    expect(listQueryWireSchema.safeParse({ size: 201 }).success).toBe(false);
    expect(listQueryWireSchema.safeParse({ sort: 'name;drop table' }).success).toBe(false);
  });

  it('round-trips through the wire and drops empty filters', () => {
    const wire = toListWire({
      page: 2,
      size: 100,
      sort: { column: 'name', direction: 'desc' },
      filters: { name: 'a', code: '' },
    });
    expect(wire).toEqual({ page: '2', size: '100', sort: 'name,desc', filters: '{"name":"a"}' });
    const parsed = listQueryWireSchema.parse(wire);
    expect(parseSort(parsed.sort)).toEqual({ column: 'name', direction: 'desc' });
  });
});
