import { NOTIFICATION_TEMPLATES, type NotificationContextOf, type NotificationTemplate } from '@isf/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NotifyInput<Template extends NotificationTemplate> = {
  /** Profiles (user rows) to notify; duplicates count once, an empty list writes nothing. */
  recipients: readonly number[];
  /** The kind, from the contract's `NOTIFICATION_TEMPLATES`. */
  template: Template;
  /** The fields the template renders, checked against its schema. */
  context: NotificationContextOf<Template>;
  /** Who caused it; null or absent for the system (jobs). */
  creatorId?: number | null;
};

/**
 * Notifies profiles: one unread row each, shown by their bell within 30 s. This is how other modules
 * create notifications (workflow post-actions, job results). Pass the transaction of the change that
 * causes it to make the notification part of it, or the database after the commit.
 *
 * A context that does not fit its template is a programming error: it throws and writes nothing.
 * Returns the ids of the rows written.
 */
export async function notify<Template extends NotificationTemplate>(
  db: Database,
  input: NotifyInput<Template>,
): Promise<number[]> {
  const recipients = [...new Set(input.recipients)];
  if (recipients.length === 0) {
    return [];
  }
  const parsed = NOTIFICATION_TEMPLATES[input.template].safeParse(input.context);
  if (!parsed.success) {
    throw new Error(`notify(${input.template}): the context does not fit the template: ${z.prettifyError(parsed.error)}`);
  }
  const context = parsed.data as Record<string, unknown>;
  const rows = await db
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, template: input.template, context, creatorId: input.creatorId ?? null })))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}
