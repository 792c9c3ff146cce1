/** The roles above a role: its parent, the parent's parent, ... (cycle-safe). */
export function parentRoleChain(roleId: number, parentOf: ReadonlyMap<number, number | null>): number[] {
  const chain: number[] = [];
  const seen = new Set<number>([roleId]);
  let current = parentOf.get(roleId) ?? null;
  while (current !== null && !seen.has(current)) {
    chain.push(current);
    seen.add(current);
    current = parentOf.get(current) ?? null;
  }
  return chain;
}

/**
 * A user may edit another only if the other's role is not above their own (spec 1 §6): not in the
 * editor's parent-role chain.
 */
export function mayEditUserWithRole(
  editorRoleId: number,
  targetRoleId: number,
  parentOf: ReadonlyMap<number, number | null>,
): boolean {
  return !parentRoleChain(editorRoleId, parentOf).includes(targetRoleId);
}

/** Whether giving `roleId` the parent `parentId` would make a loop. */
export function createsParentLoop(
  roleId: number,
  parentId: number | null,
  parentOf: ReadonlyMap<number, number | null>,
): boolean {
  if (parentId === null) {
    return false;
  }
  return parentId === roleId || parentRoleChain(parentId, parentOf).includes(roleId);
}
