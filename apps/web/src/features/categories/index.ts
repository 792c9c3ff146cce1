// The face of the categories feature: what the app and other features use of it.

/** The parent categories and subcategories as choices, read by the prestation fields. */
export { type Choice, choiceOptions, useParentCategories, useSubcategories } from './categories.api';
/** The category screens, mounted by the app's router. */
export { categoryRoutes } from './category-routes';
