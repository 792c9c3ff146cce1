import { LIST_COUNT_CAP } from '@isf/contract';
import type { Database } from '../db/client.js';

/** How the lists of one database count and total (tests change them with `configureLists`). */
export type ListSettings = {
  /** Rows counted at most (LIST_COUNT_CAP). */
  countCap: number;
  /** The longest a totals statement may run, on PostgreSQL (PGlite ignores `statement_timeout`); 0: no limit. */
  totalsTimeoutMs: number;
  /** How long slow totals (or their timeout) are reused for the same list and condition. */
  totalsCacheMs: number;
  /** Totals that took less than this are never reused: they are computed again at every request. */
  totalsCachedFromMs: number;
  /**
   * Totals statements running at once per database (the others wait their turn): long aggregates never
   * hold every pool connection, so pages keep being served while totals are computed.
   */
  totalsConcurrency: number;
  /**
   * Keyset paging (docs/decisions.md "Deep pages"): a page whose offset is at least this many rows past a
   * page served before (same list, condition, sort and size) starts from that page's first or last row
   * instead of skipping its offset; pages from this many rows on are remembered. 0: never.
   */
  keysetFromRows: number;
  /** How long the first and last rows of a served page are remembered for keyset paging. */
  keysetMemoryMs: number;
};

export const DEFAULT_LIST_SETTINGS: Readonly<ListSettings> = {
  countCap: LIST_COUNT_CAP,
  totalsTimeoutMs: 10_000,
  totalsCacheMs: 60_000,
  totalsCachedFromMs: 500,
  totalsConcurrency: 2,
  keysetFromRows: 1_000,
  keysetMemoryMs: 10 * 60_000,
};

const settingsByDatabase = new WeakMap<Database, ListSettings>();

/** Sets (or, undefined, forgets) a database's list settings; `configureLists` also forgets its kept totals and pages. */
export function setListSettings(db: Database, settings: Partial<ListSettings> | undefined): void {
  if (settings) {
    settingsByDatabase.set(db, { ...DEFAULT_LIST_SETTINGS, ...settings });
  } else {
    settingsByDatabase.delete(db);
  }
}

export function listSettings(db: Database): ListSettings {
  return settingsByDatabase.get(db) ?? DEFAULT_LIST_SETTINGS;
}

/** Rows a count of this database's lists goes to at most (other capped counts, e.g. the dashboard's, share it). */
export function listCountCap(db: Database): number {
  return listSettings(db).countCap;
}
