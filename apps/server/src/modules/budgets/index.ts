/** The face of the budgets module (spec 2 "DC4 and budget screens"). */
export { registerBudgetRoutes } from './budgets.routes.js';
export { type Dc4Facts, type Dc4Figures, dc4Figures } from './dc4-figures.js';
export { refreshBudgetOdRows } from './od-rows.js';
export { refreshMarketQuantities } from './quantities.js';
