/**
 * The ERP exchange: orders sent as purchase orders and attachments' receipts, each send a job run
 * exactly once (modules/erp-exchange). Other modules use it through `app.erpExchange` or these exports.
 */
export { type ErpExchange, registerErpExchange } from './erp-exchange.js';
export type { QueuedErpSend } from './erp-send-queue.js';
export { lastErpSend } from './erp-send-store.js';
