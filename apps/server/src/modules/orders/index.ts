// The orders module's face: what the app and the other modules may use of it (docs/architecture.md).

export {
  marketSumsSql,
  refreshEveryMarketFigures,
  refreshMarketFigures,
  refreshMarketFiguresOfOrders,
  refreshOrderedAmounts,
} from './market-figures.js';
export { applyLines, recomputeTotals } from './order-lines.js';
export { loadOrderPdfOrder } from './order-pdf.js';
export { marketFacts, marketMention, type OrderPdfOrder } from './order-pdf-layout.js';
export { nextOrderReference } from './order-reference.js';
export {
  depositPaidMismatches,
  ORDER_RG_FIGURES,
  ORDER_SUMMARY_FIGURES,
  ORDER_SUMMARY_KEYS,
  orderNodeSummaries,
  recomputedOrderSummaries,
  refreshOrderSummaries,
  storedOrderSummaries,
} from './order-summaries.js';
export { orderWorkItem } from './order-work-item.js';
export { ORDER_ENTITY, orderList, orderScope, orderScopeUser } from './orders.lists.js';
export { registerOrderRoutes } from './orders.routes.js';
export { createOrderService, FINANCIAL_OPTION, type OrderService } from './orders.service.js';
