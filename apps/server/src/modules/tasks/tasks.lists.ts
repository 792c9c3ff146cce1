import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';

/** One line per event for the CSV: time (UTC), name and description. */
const EVENT_LOG = sql`(SELECT string_agg(
    concat_ws(' ', to_char((e.value->>'time')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'), e.value->>'name', e.value->>'description'),
    ' | ' ORDER BY e.position)
  FROM jsonb_array_elements(t.events) WITH ORDINALITY AS e(value, position))`;

/**
 * Background tasks (spec 3 /tasks), newest first. A user sees the tasks they started; a role of
 * visibility 1 sees every task.
 */
export const taskList = defineList({
  name: 'tasks',
  from: sql`tasks t LEFT JOIN users u ON u.id = t.creator_id`,
  countFrom: sql`tasks t`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`t.id`, kind: 'id', label: 'ID' },
    jobId: { sql: sql`t.job_id::text`, kind: 'text', label: 'JobId' },
    objectName: { sql: sql`t.object_name`, kind: 'text', label: 'Entité' },
    objectId: { sql: sql`t.object_id`, kind: 'id', label: "ID de l'entité" },
    creatorId: { sql: sql`t.creator_id`, kind: 'id', label: 'Créateur (id)', hiddenInCsv: true },
    creatorName: { sql: sql`u.name`, kind: 'text', label: 'Créateur', joined: true },
    status: { sql: sql`t.status`, kind: 'enum', label: 'Statut' },
    createdAt: { sql: sql`t.created_at`, kind: 'date', label: 'Créée le' },
    events: { sql: sql`t.events`, kind: 'text', label: 'Événements', sortable: false, filterable: false, hiddenInCsv: true },
    eventLog: { sql: EVENT_LOG, kind: 'text', label: 'Événements', sortable: false },
  },
  defaultSort: { column: 'id', direction: 'desc' },
  scope: (principal) => (principal.visibility === 1 ? undefined : sql`t.creator_id = ${principal.userId}`),
});
