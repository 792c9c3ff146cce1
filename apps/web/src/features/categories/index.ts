// The face of the categories feature: what other features use of it.

/** The parent categories and subcategories as choices, read by the prestation fields. */
export { type Choice, choiceOptions, useParentCategories, useSubcategories } from './categories.api';
