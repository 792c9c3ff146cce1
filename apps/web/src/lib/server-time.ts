import { NUMBER_LOCALE } from './i18n';

const dateTimeFormat = new Intl.DateTimeFormat(NUMBER_LOCALE, { dateStyle: 'short', timeStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(NUMBER_LOCALE, { timeStyle: 'medium' });

function parseServerTime(time: string): Date | null {
  const date = new Date(time.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time of the server (ISO, or PostgreSQL's `2025-10-20 08:00:00.123+00`) in the user's locale. */
export function formatServerTime(time: string): string {
  const date = parseServerTime(time);
  return date ? dateTimeFormat.format(date) : time;
}

/** The hour of a time of the server, without its day. */
export function formatServerHour(time: string): string {
  const date = parseServerTime(time);
  return date ? timeFormat.format(date) : time;
}
