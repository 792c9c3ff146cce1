import { z } from 'zod';
import { optionalMail, optionalText, requiredText } from './fields.js';
import { formatMessage } from './messages.js';
import { SIRET_INVALID_MESSAGE } from './shared-messages.js';
import { isValidSiret } from './siret.js';

export const siretSchema = z
  .string({ error: formatMessage('validation.required') })
  .trim()
  .min(1, formatMessage('validation.required'))
  .refine(isValidSiret, SIRET_INVALID_MESSAGE);

const companyFields = {
  edifice: requiredText(50),
  name: requiredText(),
  siren: optionalText(9).refine((value) => value === null || /^\d{9}$/.test(value), 'Le SIREN compte 9 chiffres.'),
  manager: optionalText(),
  mail: optionalMail,
};

/** Company creation (spec 3 §5): edifice code and name required, mail of email type. */
export const companyCreateSchema = z.object(companyFields);
export const companyUpdateSchema = z.object({ ...companyFields, version: z.coerce.number().int().min(1) });

const agencyFields = {
  name: requiredText(),
  edifice: optionalText(50),
  manager: optionalText(),
  address: optionalText(500),
  phone: optionalText(30),
  mail: optionalMail,
  synchronize: z.boolean().default(false),
  inviteMail: optionalMail,
};

/** Agency creation: company, agency name and a SIRET (looked up in the registry) required. */
export const agencyCreateSchema = z.object({
  companyId: z.coerce
    .number({ error: formatMessage('validation.selectItem') })
    .int()
    .positive(formatMessage('validation.selectItem')),
  siret: siretSchema,
  ...agencyFields,
});
export const agencyUpdateSchema = z.object({ siret: siretSchema, ...agencyFields, version: z.coerce.number().int().min(1) });

/**
 * The registry's word on a SIRET, and whether the supplier is onboarded on the e-attestation follow-up
 * platform (null when that platform could not tell).
 */
export type AgencyLookupReply =
  | { siret: string; inThirdParty: true; name: string; address: string; active: boolean; onboarded: boolean | null }
  | { siret: string; inThirdParty: false; onboarded: boolean | null };
