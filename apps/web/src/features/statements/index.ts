// The face of the statements feature: what other features use of it.

/** A market's statements, shown by the market screen. */
export { MarketStatementsTab } from './market-statements-tab';
