import { describe, expect, it } from 'vitest';
import { columnState, NO_RIGHTS, setRightOnAll, toggleRight } from './role-rights';

describe('role rights', () => {
  it('grants and withdraws one right without touching the other actions', () => {
    const granted = toggleRight({ ...NO_RIGHTS, update: ['unit'] }, 'read', 'unit', true);
    expect(granted).toEqual({ create: [], read: ['unit'], update: ['unit'], delete: [] });
    expect(toggleRight(granted, 'read', 'unit', false)).toEqual({ create: [], read: [], update: ['unit'], delete: [] });
  });

  it('never lists an entity twice', () => {
    expect(toggleRight({ ...NO_RIGHTS, read: ['unit'] }, 'read', 'unit', true).read).toEqual(['unit']);
    expect(setRightOnAll({ ...NO_RIGHTS, read: ['unit'] }, 'read', ['unit', 'role'], true).read).toEqual(['unit', 'role']);
  });

  it('selects or clears a whole column over the given entities only', () => {
    const rights = { ...NO_RIGHTS, delete: ['project', 'unit'] };
    expect(setRightOnAll(rights, 'delete', ['unit', 'user'], false).delete).toEqual(['project']);
    expect(setRightOnAll(rights, 'delete', ['user'], true).delete).toEqual(['project', 'unit', 'user']);
  });

  it('says whether a column is fully or partly granted', () => {
    const rights = { ...NO_RIGHTS, read: ['unit'] };
    expect(columnState(rights, 'read', ['unit'])).toEqual({ checked: true, indeterminate: false });
    expect(columnState(rights, 'read', ['unit', 'role'])).toEqual({ checked: false, indeterminate: true });
    expect(columnState(rights, 'create', ['unit'])).toEqual({ checked: false, indeterminate: false });
    expect(columnState(rights, 'read', [])).toEqual({ checked: false, indeterminate: false });
  });
});
