/**
 * The screens' addresses (browser routes), one list: a feature links to another's screen through it,
 * never by importing that feature. The API paths stay with each feature's `*.api.ts`.
 */

export const AGENCY_DETAIL_ROUTE = '/sst/agency';
export const ATTACHMENT_LIST_ROUTE = '/sst/attachements';
export const ATTACHMENT_DETAIL_ROUTE = '/sst/attachement';
export const BPU_TEMPLATE_LIST_ROUTE = '/sst/bputemplates/';
export const BPU_TEMPLATE_DETAIL_ROUTE = '/sst/bputemplate';
export const BPU_LIST_ROUTE = '/sst/bpu';
export const BPU_DETAIL_ROUTE = '/sst/bpu';
export const CATEGORY_LIST_ROUTE = '/categories';
export const CATEGORY_DETAIL_ROUTE = '/category';
export const COMPANY_DETAIL_ROUTE = '/sst/company';
export const CONTRACT_LIST_ROUTE = '/sst/contracts';
export const CONTRACT_DETAIL_ROUTE = '/sst/contract';
export const DEPOSIT_LIST_ROUTE = '/sst/deposits';
export const DOCUMENT_DETAIL_ROUTE = '/document';
export const EVALUATION_DASHBOARD_ROUTE = '/evaluation/synthese';
export const MARKET_LIST_ROUTE = '/sst/markets';
export const MARKET_DETAIL_ROUTE = '/sst/market';
/** The API calls are in notifications.api.ts (kept off the first screen: it loads the query cache). */
export const NOTIFICATIONS_ROUTE = '/notifications';
export const ORDER_TEMPLATE_LIST_ROUTE = '/os/templates';
export const ORDER_TEMPLATE_DETAIL_ROUTE = '/os/template';
export const ORDER_LIST_ROUTE = '/sst/orders';
export const ORDER_DETAIL_ROUTE = '/sst/order';
/** The API paths are in popups.api.ts (kept off the first screen: it loads zod). */
export const POPUPS_ROUTE = '/popups-management';
export const PRESTATION_LIST_ROUTE = '/prestations';
export const PRESTATION_DETAIL_ROUTE = '/prestation';
export const STATEMENT_LIST_ROUTE = '/sst/situations';
export const STATEMENT_DETAIL_ROUTE = '/sst/situation';
export const WARRANTY_LIST_ROUTE = '/os/warranties';
