// The face of the orders feature: what other features use of it.

/** A market's orders, shown by the market screen. */
export { MarketOrdersTab } from './market-orders-tab';
