// The face of the statements feature: what the app and other features use of it.

/** A market's statements, shown by the market screen. */
export { MarketStatementsTab } from './market-statements-tab';
/** The statement screens, mounted by the app's router. */
export { statementRoutes } from './statement-routes';
