import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const Dc4Page = lazyPage(() => import('./dc4-page').then((module) => module.Dc4Page));
const OdPage = lazyPage(() => import('./od-page').then((module) => module.OdPage));
const QuantitativePage = lazyPage(() => import('./quantitative-page').then((module) => module.QuantitativePage));
const BudgetWarrantyPage = lazyPage(() => import('./budget-warranty-page').then((module) => module.BudgetWarrantyPage));

/** The budget screens (spec 2 §2), each gated by its read right (spec 2 §6). */
export const budgetRoutes: FeatureRoute[] = [
  { path: '/budget/dc4', entity: 'budget_dc4', element: <Dc4Page /> },
  { path: '/budget/od', entity: 'budget_od', element: <OdPage /> },
  { path: '/budget/quantitatives', entity: 'budget_quantitative', element: <QuantitativePage /> },
  { path: '/budget/warranties', entity: 'budget_rg_caution', element: <BudgetWarrantyPage /> },
];
