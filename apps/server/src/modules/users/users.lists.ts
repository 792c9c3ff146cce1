import type { UserRow } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';

export const userList = defineList<UserRow>({
  name: 'users',
  from: sql`users u JOIN roles r ON r.id = u.role_id LEFT JOIN users m ON m.id = u.manager_id`,
  countFrom: sql`users u`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`u.id`, kind: 'id', label: 'ID' },
    uid: { sql: sql`u.uid`, kind: 'text', label: 'Identifiant' },
    name: { sql: sql`u.name`, kind: 'text', label: 'Nom' },
    mail: { sql: sql`u.mail`, kind: 'text', label: 'E-mail' },
    roleId: { sql: sql`u.role_id`, kind: 'id', label: 'Rôle (id)', hiddenInCsv: true },
    roleName: { sql: sql`r.name`, kind: 'text', label: 'Rôle', joined: true },
    managerName: { sql: sql`m.name`, kind: 'text', label: 'Responsable', joined: true },
    engagement: { sql: sql`u.engagement::text`, kind: 'money', label: "Montant d'engagement" },
    service: { sql: sql`u.service`, kind: 'text', label: 'Service' },
    parentId: { sql: sql`u.parent_id`, kind: 'id', label: 'Profil principal (id)' },
    active: { sql: sql`u.active`, kind: 'boolean', label: 'Actif' },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});
