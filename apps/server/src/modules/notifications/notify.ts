import { NOTIFICATION_TEMPLATES, type NotificationContextOf, type NotificationTemplate } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
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
function checkedContext(template: NotificationTemplate, context: unknown): Record<string, unknown> {
  const parsed = NOTIFICATION_TEMPLATES[template].safeParse(context);
  if (!parsed.success) {
    throw new Error(`notify(${template}): the context does not fit the template: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as Record<string, unknown>;
}

export async function notify<Template extends NotificationTemplate>(
  db: Database,
  input: NotifyInput<Template>,
): Promise<number[]> {
  const recipients = [...new Set(input.recipients)];
  if (recipients.length === 0) {
    return [];
  }
  const context = checkedContext(input.template, input.context);
  const rows = await db
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, template: input.template, context, creatorId: input.creatorId ?? null })))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Notifications of one template to the profiles a SELECT returns (see `notifySelected`). */
export type SelectedNotification = {
  [Template in NotificationTemplate]: {
    /** A SELECT whose first column is the profile (user row) id; duplicates count once. */
    recipients: SQL;
    template: Template;
    /** Checked against the template, as `notify` does. */
    context: NotificationContextOf<Template>;
    /** Context fields the database computes (e.g. an item's label); a null keeps the context's value. */
    computed?: Record<string, SQL>;
  };
}[NotificationTemplate];

/**
 * Notifies the profiles that SELECTs return, for one or several templates, with one INSERT … SELECT:
 * for recipients chosen by a condition over users rather than a list known beforehand (the workflow's
 * "now in your tasks" after a move). Returns how many rows were written.
 */
export async function notifySelected(db: Database, parts: SelectedNotification[], creatorId: number | null): Promise<number> {
  if (parts.length === 0) {
    return 0;
  }
  const selects = parts.map((part) => {
    const context = JSON.stringify(checkedContext(part.template, part.context));
    const computed = Object.entries(part.computed ?? {});
    const extra =
      computed.length === 0
        ? sql``
        : sql` || jsonb_strip_nulls(jsonb_build_object(${sql.join(
            computed.map(([key, value]) => sql`${key}::text, (${value})`),
            sql`, `,
          )}))`;
    return sql`SELECT r.user_id, ${part.template}::text, ${context}::jsonb${extra}, ${creatorId}::int
      FROM (SELECT DISTINCT s.user_id FROM (${part.recipients}) AS s(user_id)) AS r`;
  });
  const rows = (await db.execute(
    sql`INSERT INTO notifications (user_id, template, context, creator_id) ${sql.join(selects, sql` UNION ALL `)} RETURNING id`,
  )) as unknown as { rows: unknown[] };
  return rows.rows.length;
}
