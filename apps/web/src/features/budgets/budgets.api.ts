/** The budget lists (spec 2 §7 Budget): GET /budget/{screen}, CSV at /budget/{screen}/csv. */
export const BUDGET_PATHS = {
  dc4: '/budget/dc4',
  od: '/budget/od',
  quantitatives: '/budget/quantitatives',
  warranties: '/budget/warranties',
} as const;

export type BudgetScreen = keyof typeof BUDGET_PATHS;

export const budgetCsvPath = (screen: BudgetScreen) => `${BUDGET_PATHS[screen]}/csv`;

/** A market stands out when its attachments are beyond its DC4 ceiling (available below zero). */
export function isOverCeiling(available: string): boolean {
  return available.trim().startsWith('-') && /[1-9]/.test(available);
}

/** The OD mask's date range as query parameters (only the dates chosen). */
export function odQuery(range: { startDate: string; endDate: string }): Record<string, string> {
  return Object.fromEntries(Object.entries(range).filter(([, value]) => value !== ''));
}
