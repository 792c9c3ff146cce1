// The face of the markets feature: what the app and other features use of it.

/** An agency's markets, shown by the agency screen. */
export { AgencyMarketsTab } from './agency-markets-tab';
/** The market list's columns, shown by a contract's markets. */
export { useMarketColumns } from './market-columns';
/** The market screens, mounted by the app's router. */
export { marketRoutes } from './market-routes';
