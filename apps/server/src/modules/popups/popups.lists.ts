import type { PopupCriteria, PopupRow } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListDefinition } from '../../platform/list-engine.js';
import { idList } from '../../platform/sql-rows.js';

/** The popup list (spec 3 /popups-management). */
export const popupList = defineList<PopupRow>({
  name: 'popups',
  from: sql`popups p`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`p.id`, kind: 'id', label: 'ID' },
    title: { sql: sql`p.title`, kind: 'text', label: 'Titre' },
    active: { sql: sql`p.active`, kind: 'boolean', label: 'Active' },
    usersCount: {
      sql: sql`(SELECT count(*)::int FROM popup_users pu WHERE pu.popup_id = p.id)`,
      kind: 'number',
      label: 'Utilisateurs ciblés',
    },
    closedCount: {
      sql: sql`(SELECT count(*)::int FROM popup_users pu WHERE pu.popup_id = p.id AND pu.closed_at IS NOT NULL)`,
      kind: 'number',
      label: 'Fermées',
    },
    createdAt: { sql: sql`p.created_at`, kind: 'date', label: 'Créée le' },
    updatedAt: { sql: sql`p.updated_at`, kind: 'date', label: 'Modifiée le' },
  },
  defaultSort: { column: 'id', direction: 'desc' },
});

/** The condition of the targeting search: each criterion given restricts, its ids are alternatives. */
export function criteriaCondition(criteria: PopupCriteria): SQL {
  const conditions: SQL[] = [sql`u.active`];
  if (criteria.roles.length > 0) {
    conditions.push(sql`u.role_id IN (${idList(criteria.roles)})`);
  }
  if (criteria.agencies.length > 0) {
    conditions.push(sql`u.id IN (SELECT ua.user_id FROM user_agencies ua WHERE ua.agency_id IN (${idList(criteria.agencies)}))`);
  }
  if (criteria.projects.length > 0) {
    conditions.push(sql`u.id IN (SELECT up.user_id FROM user_projects up WHERE up.project_id IN (${idList(criteria.projects)}))`);
  }
  return sql.join(conditions, sql` AND `);
}

const userColumns = {
  id: { sql: sql`u.id`, kind: 'id', label: 'ID' },
  uid: { sql: sql`u.uid`, kind: 'text', label: 'Identifiant' },
  name: { sql: sql`u.name`, kind: 'text', label: 'Nom' },
  mail: { sql: sql`u.mail`, kind: 'text', label: 'E-mail' },
  roleName: { sql: sql`r.name`, kind: 'text', label: 'Rôle', joined: true },
} satisfies ListDefinition['columns'];

/** Active users matching the targeting criteria (`GET /popup-notification/fetch-users`). */
export function popupCandidateList(criteria: PopupCriteria): ListDefinition {
  return defineList({
    name: 'popup-candidates',
    from: sql`users u JOIN roles r ON r.id = u.role_id`,
    countFrom: sql`users u`,
    idColumn: 'id',
    columns: userColumns,
    defaultSort: { column: 'name', direction: 'asc' },
    where: criteriaCondition(criteria),
  });
}

/** Per targeted user of one popup: when it was read and closed (`GET /popup-notification/{id}/notifications`). */
export const popupNotificationList: ListDefinition = defineList({
  name: 'popup-notifications',
  from: sql`popup_users pu JOIN users u ON u.id = pu.user_id JOIN roles r ON r.id = u.role_id`,
  countFrom: sql`popup_users pu`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`pu.id`, kind: 'id', label: 'ID' },
    userId: { sql: sql`pu.user_id`, kind: 'id', label: 'Utilisateur (id)' },
    uid: { sql: sql`u.uid`, kind: 'text', label: 'Identifiant', joined: true },
    userName: { sql: sql`u.name`, kind: 'text', label: 'Utilisateur', joined: true },
    roleName: { sql: sql`r.name`, kind: 'text', label: 'Rôle', joined: true },
    readedAt: { sql: sql`pu.readed_at`, kind: 'date', label: 'Lue le' },
    closedAt: { sql: sql`pu.closed_at`, kind: 'date', label: 'Fermée le' },
  },
  defaultSort: { column: 'userName', direction: 'asc' },
});
