/**
 * The list endpoints more than one feature reads (pickers, cache invalidation); each feature's other API
 * paths stay in its `*.api.ts`.
 */

export const MARKET_LIST_PATH = '/markets';
export const MARKET_ACTIVE_PATH = '/markets/active';
export const ORDER_LIST_PATH = '/orders';
export const BPU_TEMPLATE_LIST_PATH = '/bputemplates';
export const ATTACHMENT_LIST_PATH = '/attachements';
export const PROJECT_LIST_PATH = '/projects';
export const PRESTATION_LIST_PATH = '/prestations';
