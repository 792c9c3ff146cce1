import type { PrestationFieldValues } from '../prestations';

/** The fields of a prestation row of the template editor (the template itself is the screen's). */
export type PrestationRowValues = PrestationFieldValues;

export type PrestationRowField = keyof PrestationRowValues;

/** The editable fields in the order of the table's columns. */
export const PRESTATION_ROW_FIELDS: readonly PrestationRowField[] = [
  'reference',
  'category',
  'subcategory',
  'code',
  'description',
  'unit',
  'type',
];

/** The i18n key of each field's label (the table's column titles). */
export const PRESTATION_ROW_LABELS: Record<PrestationRowField, string> = {
  reference: 'prestations.reference',
  category: 'prestations.categoryParent',
  subcategory: 'prestations.category',
  code: 'prestations.code',
  description: 'prestations.description',
  unit: 'prestations.unit',
  type: 'prestations.type',
};

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The empty fields of a prestation row (spec 3 §5: any empty field blocks the creation). The
 * subcategory counts only when the chosen category has subcategories: a category without any holds its
 * prestations itself.
 */
export function missingFields(values: Partial<PrestationRowValues>, categoryHasSubcategories: boolean): PrestationRowField[] {
  return PRESTATION_ROW_FIELDS.filter((field) =>
    field === 'subcategory' ? categoryHasSubcategories && isEmpty(values.subcategory) : isEmpty(values[field]),
  );
}
