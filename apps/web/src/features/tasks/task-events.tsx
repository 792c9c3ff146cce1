import type { TaskEvent } from '@isf/contract';
import { Typography } from 'antd';
import { formatServerHour, formatServerTime } from '../../lib/server-time';

/**
 * The events of a task, one a line: the hour (the day, the task's, given in full on hover), name and, when
 * there is one, the description.
 */
export function TaskEvents({ events }: { events: readonly TaskEvent[] }) {
  return (
    <ol className="isf-task-events">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events are only appended, so a position never changes
        <li key={index}>
          <Typography.Text type="secondary" title={formatServerTime(event.time)}>
            {formatServerHour(event.time)}
          </Typography.Text>{' '}
          <Typography.Text strong>{event.name}</Typography.Text>
          {event.description ? <Typography.Text> : {event.description}</Typography.Text> : null}
        </li>
      ))}
    </ol>
  );
}
