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
