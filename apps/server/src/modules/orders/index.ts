/** What other modules may use of the service orders. */
export { queueOrderErpSend } from './order-erp.routes.js';
