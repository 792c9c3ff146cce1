import { z } from 'zod';
import { optionalId, requiredText } from './fields.js';
import { formatMessage } from './messages.js';

export const PROJECT_CODE_MIN = 3;
export const PROJECT_CODE_MAX = 100;
export const GENERATION_DAY_MESSAGE = 'Le jour de génération doit être vide ou compris entre 01 et 28.';

/** Monthly statement generation day: empty, or a day of month from 01 to 28 (kept as two digits). */
export const generationDaySchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
  .refine(
    (value) => value === '' || (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 28),
    GENERATION_DAY_MESSAGE,
  )
  .transform((value) => (value === '' ? null : value.padStart(2, '0')));

const projectFields = {
  name: requiredText(),
  code: z
    .string({ error: formatMessage('validation.required') })
    .trim()
    .min(PROJECT_CODE_MIN, formatMessage('validation.tooShort', { min: PROJECT_CODE_MIN }))
    .max(PROJECT_CODE_MAX, formatMessage('validation.tooLong', { max: PROJECT_CODE_MAX })),
  typeId: optionalId,
  managerId: optionalId,
  address: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  businessUnitId: optionalId,
  msGenerationDate: generationDaySchema,
  paymentGuarantee: z.boolean().default(false),
  shareFiles: z.boolean().default(false),
};

/** Project (spec 3 §5): name required, code of 3 to 100 characters, generation day empty or 01-28. */
export const projectCreateSchema = z.object(projectFields);
export const projectUpdateSchema = z.object({ ...projectFields, version: z.coerce.number().int().min(1) });

export const imputationFields = {
  eotp: requiredText(100),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  active: z.boolean().default(true),
};

export const imputationCreateSchema = z.object({ projectId: z.coerce.number().int().positive(), ...imputationFields });
export const imputationUpdateSchema = z.object({ ...imputationFields, version: z.coerce.number().int().min(1) });

/** Imputation eotp must be longer than the code of its project (spec 3 §5). */
export function eotpTooShortMessage(projectCode: string): string {
  return `L'eOTP doit contenir au moins ${projectCode.length + 1} caractères (plus que le code projet).`;
}
