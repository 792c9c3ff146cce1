import type { TaskEvent } from '@isf/contract';
import { Typography } from 'antd';
import { NUMBER_LOCALE } from '../../lib/i18n';

const dateTimeFormat = new Intl.DateTimeFormat(NUMBER_LOCALE, { dateStyle: 'short', timeStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(NUMBER_LOCALE, { timeStyle: 'medium' });

function parseTime(time: string): Date | null {
  const date = new Date(time.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time of the server (ISO, or PostgreSQL's `2025-10-20 08:00:00.123+00`) in the user's locale. */
export function formatTaskTime(time: string): string {
  const date = parseTime(time);
  return date ? dateTimeFormat.format(date) : time;
}

/** The hour of an event (its day is the task's, given in full on hover). */
function formatEventHour(time: string): string {
  const date = parseTime(time);
  return date ? timeFormat.format(date) : time;
}

/** The events of a task, one a line: time, name and, when there is one, the description. */
export function TaskEvents({ events }: { events: readonly TaskEvent[] }) {
  return (
    <ol className="isf-task-events">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events are only appended, so a position never changes
        <li key={index}>
          <Typography.Text type="secondary" title={formatTaskTime(event.time)}>
            {formatEventHour(event.time)}
          </Typography.Text>{' '}
          <Typography.Text strong>{event.name}</Typography.Text>
          {event.description ? <Typography.Text> : {event.description}</Typography.Text> : null}
        </li>
      ))}
    </ol>
  );
}
