import type { RightAction } from '@isf/contract';

/** The per-entity rights of a role as the API carries them: one list of entity codes per action. */
export type RoleRights = Record<RightAction, string[]>;

export const NO_RIGHTS: RoleRights = { create: [], read: [], update: [], delete: [] };

/** Grants or withdraws one right; the other lists are kept as they are. */
export function toggleRight(rights: RoleRights, action: RightAction, entity: string, granted: boolean): RoleRights {
  const without = rights[action].filter((code) => code !== entity);
  return { ...rights, [action]: granted ? [...without, entity] : without };
}

/** Grants or withdraws one right on every given entity (the select-all of a column, on the filtered rows). */
export function setRightOnAll(
  rights: RoleRights,
  action: RightAction,
  entities: readonly string[],
  granted: boolean,
): RoleRights {
  const targets = new Set(entities);
  const kept = rights[action].filter((code) => !targets.has(code));
  return { ...rights, [action]: granted ? [...kept, ...entities] : kept };
}

/** Whether a column is fully, partly or not at all granted over the given entities. */
export function columnState(
  rights: RoleRights,
  action: RightAction,
  entities: readonly string[],
): { checked: boolean; indeterminate: boolean } {
  const granted = new Set(rights[action]);
  const count = entities.filter((entity) => granted.has(entity)).length;
  return { checked: count > 0 && count === entities.length, indeterminate: count > 0 && count < entities.length };
}
