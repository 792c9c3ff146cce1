// The face of the orders feature: what the app and other features use of it.

/** A market's orders, shown by the market screen. */
export { MarketOrdersTab } from './market-orders-tab';
/** The order screens, mounted by the app's router. */
export { orderRoutes } from './order-routes';
/** The order pre-checks of the workflow moves, installed by the app when the shell loads. */
export { installOrderPreChecks } from './order-workflow-checks';
