import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate, optionalCalendarDate } from './fields.js';

describe('calendar dates', () => {
  it('accepts the days of the calendar, leap days included', () => {
    for (const day of ['2026-01-31', '2026-02-28', '2024-02-29', '2000-02-29', '1999-12-31', '2026-04-30']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
  });

  it('refuses days the calendar does not have, other formats and years before 100', () => {
    for (const day of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0026-01-01',
      '2026-1-5',
      '05/01/2026',
      '2026-01-01T00:00:00Z',
      '',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('gives the schemas a French message, and an empty optional date is null', () => {
    expect(calendarDate().safeParse('2026-02-30').error?.issues[0]?.message).toBe('Date invalide (format AAAA-MM-JJ).');
    expect(optionalCalendarDate('Date de fin invalide.').safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'Date de fin invalide.',
    );
    expect(optionalCalendarDate().parse('')).toBeNull();
    expect(optionalCalendarDate().parse(' 2024-02-29 ')).toBe('2024-02-29');
  });
});
