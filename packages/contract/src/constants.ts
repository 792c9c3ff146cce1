export const CLIENT_VERSION = '2025.10.20';
export const API_BASE = '/api';
export const PRODUCT_NAME = 'ISF';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_OPTIONS = [50, 100, 200] as const;
export const PAGE_SIZE_MAX = 200;
/**
 * A list counts its rows up to this many (beyond, the reply says "more than": `totalCapped`), so that no
 * page waits for the count of a whole large table (docs/decisions.md, Lists).
 */
export const LIST_COUNT_CAP = 10_000;
export const PICKER_PAGE_SIZE = 15;
export const FILTER_DEBOUNCE_MS = 500;
export const FILTER_NULL = 'null';
export const FILTER_NOT_NULL = 'notnull';
export const NOTIFICATION_POLL_MS = 30_000;
export const MIN_REFUSAL_COMMENT_LENGTH = 5;
export const REQUEST_ID_HEADER = 'x-request-id';
