// The face of the budgets feature: what the app uses of it.

/** The budget screens, mounted by the app's router. */
export { budgetRoutes } from './budget-routes';
