/** The face of the budgets module (spec 2 "DC4 and budget screens"). */

export { attachmentValidatedSql, orderOrderedSql } from './budget-sql.js';
export { registerBudgetRoutes } from './budgets.routes.js';
export { dc4List } from './dc4.lists.js';
export { type Dc4Facts, dc4Figures } from './dc4-figures.js';
export { type OdCriteria, odCriteria, odList } from './od.lists.js';
export { refreshBudgetOdRows } from './od-rows.js';
export { quantitativeList } from './quantitatives.lists.js';
export { refreshMarketQuantities } from './quantities.js';
export { budgetWarrantyList } from './warranties.lists.js';
