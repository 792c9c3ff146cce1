// The markets module's face: what the app and the other modules may use of it (docs/architecture.md).
export { MARKET_ENTITY } from './market-work-item.js';
export { defineMarketRowList, joinedMarketScope, marketList, marketScope, marketScopeUser } from './markets.lists.js';
export { registerMarketRoutes } from './markets.routes.js';
export type { MarketService } from './markets.service.js';
