import { calendarDate, frenchZodMessage, RESOURCES, resourceCreateSchema } from '@isf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18next } from '../../lib/i18n';
import { fieldErrorsOf, parseInFrench } from './schema-rules';

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

describe('parseInFrench', () => {
  // The web's bundle drops the contract's `z.config` (sideEffects: false): the parse must not rely on it.
  beforeAll(() => z.config({ customError: undefined }));
  afterAll(() => z.config({ customError: frenchZodMessage }));

  const schema = z.object({ name: z.string(), kind: z.enum(['forfait', 'unitaire']), count: z.number(), mail: z.email() });

  it('words every failure in French without the global error map', () => {
    const values = { kind: 'autre', count: 'douze', mail: 'personne' };
    expect(schema.safeParse(values).error?.issues[0]?.message).toMatch(/Invalid input/);
    const result = parseInFrench(schema, values);
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
      name: 'Ce champ est obligatoire.',
      kind: 'Valeur inconnue : choisissez une des valeurs proposées.',
      count: 'Ce champ doit être un nombre.',
      mail: "L'adresse e-mail n'est pas valide.",
    });
  });

  it('keeps a message the schema writes, and the impossible day of a contract date field', () => {
    const result = parseInFrench(z.object({ code: z.string().max(2, 'Code trop long.'), day: calendarDate() }), {
      code: 'abc',
      day: '2026-02-30',
    });
    const issues = result.success ? [] : result.error.issues;
    expect(issues.map((issue) => issue.message)).toEqual(['Code trop long.', 'Date invalide (format AAAA-MM-JJ).']);
  });
});
