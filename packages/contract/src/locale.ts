/**
 * The locale of a build (spec 1 §1): French (fr_FR, EUR) by default, English (en_GB, GBP) with
 * `ISF_LOCALE=en`. The web bundles it at build time; the server reads the same variable.
 */
export type Locale = 'fr' | 'en';

export function parseLocale(value: string | undefined): Locale {
  return value === 'en' ? 'en' : 'fr';
}

/** The decimal separator of the numbers every CSV export writes: a comma in French, a point in English. */
export function csvDecimalSeparator(locale: Locale): ',' | '.' {
  return locale === 'fr' ? ',' : '.';
}

/**
 * A number's canonical text (`-1234.5`, as PostgreSQL and decimal.js write it: no grouping) as the CSV
 * exports write it in a locale (`-1234,5` in French). The one number format of every CSV export: the
 * list exports apply the same rule in SQL (`platform/csv-export.ts`).
 */
export function formatCsvNumber(text: string, locale: Locale): string {
  return locale === 'fr' ? text.replace('.', ',') : text;
}

/**
 * A whole count as a locale writes it: `20 000` in French (a narrow no-break space between thousands),
 * `20,000` in English. The one count format of the screens and of the server's texts (import limits,
 * progress).
 */
export function formatCount(value: number, locale: Locale = 'fr'): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 0 }).format(value);
}
