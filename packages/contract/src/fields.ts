import { z } from 'zod';
import { formatMessage } from './messages.js';

/** Field schemas every payload shares: trimmed text with the catalogue's messages, ids, versions. */
export const requiredText = (max = 255) =>
  z
    .string({ error: formatMessage('validation.required') })
    .trim()
    .min(1, formatMessage('validation.required'))
    .max(max, formatMessage('validation.tooLong', { max }));

/** Optional trimmed text; empty becomes null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, formatMessage('validation.tooLong', { max }))
    .nullish()
    .transform((value) => (value ? value : null));

export const LINK_SCHEME_MESSAGE = 'Le lien doit commencer par http:// ou https://.';

/** True for an absolute http(s) link: no javascript:, data: or other scheme reaches an href. */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Optional http(s) link; empty becomes null. */
export const optionalLink = (max = 1000) =>
  optionalText(max).refine((value) => value === null || isWebLink(value), LINK_SCHEME_MESSAGE);

/** Optional e-mail address; empty becomes null. */
export const optionalMail = optionalText(255).refine(
  (value) => value === null || z.email().safeParse(value).success,
  formatMessage('validation.email'),
);

/** A required many-to-one reference ("select an item" when missing). */
export const requiredId = z.coerce
  .number({ error: formatMessage('validation.selectItem') })
  .int(formatMessage('validation.selectItem'))
  .positive(formatMessage('validation.selectItem'))
  .max(2_147_483_647, formatMessage('validation.selectItem'));

/** An optional many-to-one reference; empty becomes null. */
export const optionalId = z
  .union([z.literal(''), requiredId], { error: formatMessage('validation.selectItem') })
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value));

export const versionField = z.coerce.number().int().min(1);

export const DATE_INVALID_MESSAGE = 'Date invalide (format AAAA-MM-JJ).';

/**
 * True for a day of the calendar written YYYY-MM-DD: `2026-02-30`, `2026-13-01` or `0026-01-01` are not
 * (`Date.parse` takes `2026-02-30` for the 2nd of March). Every date field of every schema checks it, so a
 * wrong day is a 400 naming the field, never a database error.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A required calendar date (YYYY-MM-DD). */
export const calendarDate = (message = DATE_INVALID_MESSAGE, missingMessage = message) =>
  z.string({ error: missingMessage }).trim().refine(isCalendarDate, { message });

/** An optional calendar date (YYYY-MM-DD); empty becomes null. */
export const optionalCalendarDate = (message = DATE_INVALID_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isCalendarDate(value), { message });
