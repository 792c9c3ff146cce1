import { useSyncExternalStore } from 'react';

/**
 * The global edit flag of detail screens (spec 1 §2 Edit mode): Edit turns it on, Save and Cancel turn
 * it off. The router's leave guard and the workflow buttons read it.
 */
let editing = false;
const listeners = new Set<() => void>();

export function isEditing(): boolean {
  return editing;
}

export function setEditing(value: boolean): void {
  if (editing !== value) {
    editing = value;
    for (const listener of listeners) {
      listener();
    }
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEditMode(): boolean {
  return useSyncExternalStore(subscribe, isEditing, isEditing);
}
