/**
 * The face of the list platform: what a list is (`list-definition`), how a request is read
 * (`list-query`), its WHERE (`list-filters`), what its statements read from (`list-sources`), its
 * statements (`list-statements`), per-database settings (`list-settings`), totals (`list-totals`),
 * keyset paging (`list-keyset`) and how a list runs (`list-run`). The rest of the server imports from here.
 */
export {
  type ColumnKind,
  type ColumnsOf,
  defineList,
  type ListColumn,
  type ListDefinition,
  ownColumn,
  type PageQuery,
  type Row,
  type StoredTotals,
} from './list-definition.js';
export { buildWhere, datePrefixRange } from './list-filters.js';
export { parseListQuery } from './list-query.js';
export { configureLists, isInScope, runList } from './list-run.js';
export { DEFAULT_LIST_SETTINGS, type ListSettings, listCountCap } from './list-settings.js';
export {
  buildListStatements,
  buildOrderBy,
  buildPageStatement,
  buildSelect,
  buildTotalsStatement,
  countLimitOf,
  type ListStatements,
} from './list-statements.js';
export { inTotalsSlot, runListTotals } from './list-totals.js';
