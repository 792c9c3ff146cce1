import { RESOURCES, resourceCreateSchema } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { fieldErrorsOf } from './schema-rules';

const t = i18next.t.bind(i18next);

function errorsOf(values: Record<string, unknown>) {
  const result = resourceCreateSchema(RESOURCES.units).safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error.issues, t);
}

describe('fieldErrorsOf', () => {
  it('says a required field is required, whether missing, empty or blank', () => {
    expect(errorsOf({})).toEqual({ name: 'Ce champ est obligatoire.' });
    expect(errorsOf({ name: '' })).toEqual({ name: 'Ce champ est obligatoire.' });
    expect(errorsOf({ name: '   ' })).toEqual({ name: 'Ce champ est obligatoire.' });
  });

  it('gives the maximum length of a too long field', () => {
    expect(errorsOf({ name: 'Mètre', oracleCode: 'x'.repeat(101) })).toEqual({
      oracleCode: 'Ce champ doit contenir au plus 100 caractères.',
    });
  });

  it('accepts a filled name and an empty optional field', () => {
    expect(errorsOf({ name: 'Mètre', oracleCode: '' })).toEqual({});
  });
});
