import type { ListFilters } from '@isf/contract';

const STORAGE_PREFIX = 'isf.list-filters.';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The filters that actually filter: values trimmed, empty ones dropped. */
export function compactFilters(filters: ListFilters): ListFilters {
  const compact: ListFilters = {};
  for (const [column, value] of Object.entries(filters)) {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed !== '') {
      compact[column] = trimmed;
    }
  }
  return compact;
}

function storageKey(listName: string): string {
  return `${STORAGE_PREFIX}${listName}`;
}

/** The filter set remembered for a list (spec 1 §2), or none; a broken or all-empty entry counts as none. */
export function loadFilters(listName: string, storage: KeyValueStorage = localStorage): ListFilters {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey(listName)) ?? 'null');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return {};
    }
    const strings = Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return compactFilters(strings);
  } catch {
    return {};
  }
}

/** Remembers a list's filter set; a set whose values are all empty is discarded instead of stored. */
export function saveFilters(listName: string, filters: ListFilters, storage: KeyValueStorage = localStorage): void {
  const compact = compactFilters(filters);
  if (Object.keys(compact).length === 0) {
    storage.removeItem(storageKey(listName));
    return;
  }
  storage.setItem(storageKey(listName), JSON.stringify(compact));
}
