import { sql } from 'drizzle-orm';
import { defineList, type ListDefinition } from '../../platform/list-engine.js';

/**
 * The notifications of one profile (spec 1 Notifications screen): 20 a page, newest first. The recipient
 * is part of the list's own condition, so no query of this list can reach another profile's rows.
 */
export function notificationList(userId: number): ListDefinition {
  return defineList({
    name: 'notifications',
    from: sql`notifications n LEFT JOIN users c ON c.id = n.creator_id`,
    countFrom: sql`notifications n`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`n.id`, kind: 'id', label: 'ID' },
      template: { sql: sql`n.template`, kind: 'enum', label: 'Type' },
      context: { sql: sql`n.context`, kind: 'text', label: 'Contexte', sortable: false, filterable: false },
      readedAt: { sql: sql`n.readed_at`, kind: 'date', label: 'Lue le' },
      closedAt: { sql: sql`n.closed_at`, kind: 'date', label: 'Fermée le' },
      createdAt: { sql: sql`n.created_at`, kind: 'date', label: 'Créée le' },
      creatorId: { sql: sql`n.creator_id`, kind: 'id', label: 'Créateur (id)' },
      creatorName: { sql: sql`c.name`, kind: 'text', label: 'Créateur', joined: true },
    },
    defaultSort: { column: 'id', direction: 'desc' },
    where: sql`n.user_id = ${userId}`,
  });
}
