import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, string>;

function merged(modules: Record<string, unknown>): Catalogue {
  const catalogue: Catalogue = {};
  for (const module of Object.values(modules)) {
    for (const texts of Object.values(module as Record<string, Catalogue>)) {
      Object.assign(catalogue, texts);
    }
  }
  return catalogue;
}

const french = merged(import.meta.glob('./fr/*.ts', { eager: true }));
const english = merged(import.meta.glob('./en/*.ts', { eager: true }));

/**
 * The texts both catalogues write alike because French says them so too (titles, codes, loanwords, the
 * ERP's own terms): any other French text equal to its English one is an untranslated leftover.
 */
const SAME_IN_BOTH = new Set([
  'Actions',
  'Active',
  'API {{version}}',
  'BPU',
  'Business unit',
  'Business units',
  'Client {{version}}',
  'Code',
  'Confirmation',
  '{{count}} / page',
  'DC4',
  'Date',
  'Description',
  'Document',
  'Documents',
  'DSP',
  'E-mail',
  'eOTP',
  'ID',
  'Imputation',
  'Imputations',
  'Inactive',
  'JobId',
  'Menu',
  'Message',
  'Notifications',
  'NRO',
  'Observation',
  'OK',
  'Options',
  'Organisation',
  'Page',
  'PM',
  'Pagination',
  'PDF',
  'Popup',
  'Popups',
  'Prestation',
  'Prestations',
  'RequestId',
  'RequestId: {{id}}',
  'SIREN',
  'SIRET',
  'Synchronisation',
  'Total',
  'Type',
  'Workflow',
]);

/**
 * The texts the specification quotes in English (spec 1 §2, §5, §6, §9; spec 2 §9; spec 3 §1, §6): the product's
 * words, kept verbatim as every route, field and message of the specification.
 */
const SPEC_VERBATIM = new Set([
  'access not granted',
  'API not available!',
  'fetching error',
  'need category',
  'no data',
  'no file selected',
  'no read access to this entity',
  'no rights to access this page',
  'No template for this notification type',
  'not access to entity',
  'select an item',
]);

describe('the French catalogue', () => {
  it('holds every key of the English one', () => {
    expect(Object.keys(english).filter((key) => !(key in french))).toEqual([]);
  });

  it('leaves no English text untranslated ("update failed", "Loading..."), but the ones the specification quotes', () => {
    const untranslated = Object.entries(french).filter(
      ([key, text]) =>
        /[a-z]{2}/i.test(text.replace(/\{\{\w+\}\}/g, '')) &&
        english[key] === text &&
        !SAME_IN_BOTH.has(text) &&
        !SPEC_VERBATIM.has(text),
    );
    expect(untranslated).toEqual([]);
  });
});
