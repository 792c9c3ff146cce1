import { formatCount as formatLocaleCount } from '@isf/contract';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enCommon } from './en/common';
import { enShell } from './en/shell';
import { frCommon } from './fr/common';
import { frShell } from './fr/shell';

/**
 * One catalogue per locale, merged from one file per area (`fr/<area>.ts`, `en/<area>.ts`; the screens'
 * areas in `screens.ts`). The locale is fixed at build time (`__ISF_LOCALE__`): French and EUR by default,
 * English and GBP otherwise.
 */
export const LOCALE = typeof __ISF_LOCALE__ === 'undefined' ? 'fr' : __ISF_LOCALE__;
export const CURRENCY = LOCALE === 'en' ? 'GBP' : 'EUR';
export const NUMBER_LOCALE = LOCALE === 'en' ? 'en-GB' : 'fr-FR';

// The texts of the first screen (the login page, the alerts of the response handling): the catalogues of
// the screens come with the shell (`screens.ts`). Only the build's locale is bundled: `__ISF_LOCALE__` is a
// literal at build time, so the bundler drops the other catalogue and the modules it imports.
const resources: Resource =
  __ISF_LOCALE__ === 'en'
    ? {
        en: {
          translation: {
            ...enCommon,
            ...enShell,
          },
        },
      }
    : {
        fr: {
          translation: {
            ...frCommon,
            ...frShell,
          },
        },
      };

void i18next.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A count as the locale writes it: `10 000` in French (narrow no-break space), `10,000` in English. */
export function formatCount(value: number): string {
  return formatLocaleCount(value, LOCALE);
}

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  return new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY }).format(Number(value));
}

export { i18next };

/** An ISO date (yyyy-mm-dd) in the locale's short form, without time-zone shifts. */
export function formatIsoDate(value: string | null): string {
  if (!value) {
    return '';
  }
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(NUMBER_LOCALE, { timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)),
  );
}
