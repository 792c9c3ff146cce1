import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** Whole days since the item reached its node (calendar days, in the browser's time zone). */
export function daysOnNode(arrivedAt: string, now: Date = new Date()): number {
  return Math.max(0, dayjs(now).startOf('day').diff(dayjs(arrivedAt).startOf('day'), 'day'));
}

/** "depuis aujourd'hui", "depuis 3 jours": how long the item has waited at its node. */
export function tokenAgeLabel(arrivedAt: string, t: TFunction, now?: Date): string {
  const days = daysOnNode(arrivedAt, now);
  return days === 0 ? t('workflow.age.today') : t('workflow.age.days', { count: days });
}
