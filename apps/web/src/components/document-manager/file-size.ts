import type { TFunction } from 'i18next';
import { NUMBER_LOCALE } from '../../lib/i18n';

const KILO = 1024;

/** A file size for people: bytes, kilobytes or megabytes, one decimal above a kilobyte. */
export function formatFileSize(bytes: number, t: TFunction): string {
  const format = (value: number) => new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 1 }).format(value);
  if (bytes < KILO) {
    return t('documents.sizeBytes', { value: format(bytes) });
  }
  if (bytes < KILO * KILO) {
    return t('documents.sizeKilo', { value: format(bytes / KILO) });
  }
  return t('documents.sizeMega', { value: format(bytes / (KILO * KILO)) });
}
