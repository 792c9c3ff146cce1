import { describe, expect, it } from 'vitest';
import { createsParentLoop, mayEditUserWithRole, parentRoleChain } from './role-hierarchy.js';

// admin(1) ← manager(2) ← project manager(3); buyer(4) ← admin(1); 5 and 6 form a loop
const parents = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 2],
  [4, 1],
  [5, 6],
  [6, 5],
]);

describe('role hierarchy', () => {
  it('lists the roles above a role, nearest first', () => {
    expect(parentRoleChain(3, parents)).toEqual([2, 1]);
    expect(parentRoleChain(1, parents)).toEqual([]);
  });

  it('stops on a loop', () => {
    expect(parentRoleChain(5, parents)).toEqual([6]);
  });

  it('lets a user edit users of roles not above theirs only', () => {
    expect(mayEditUserWithRole(3, 1, parents)).toBe(false);
    expect(mayEditUserWithRole(3, 2, parents)).toBe(false);
    expect(mayEditUserWithRole(3, 4, parents)).toBe(true);
    expect(mayEditUserWithRole(3, 3, parents)).toBe(true);
    expect(mayEditUserWithRole(1, 3, parents)).toBe(true);
  });

  it('detects a parent that would make a loop', () => {
    expect(createsParentLoop(1, 3, parents)).toBe(true);
    expect(createsParentLoop(2, 2, parents)).toBe(true);
    expect(createsParentLoop(4, 2, parents)).toBe(false);
    expect(createsParentLoop(4, null, parents)).toBe(false);
  });
});
