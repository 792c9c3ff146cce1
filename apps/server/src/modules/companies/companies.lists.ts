import type { CompanyRow } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';

export const companyList = defineList<CompanyRow>({
  name: 'companies',
  from: sql`companies c`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`c.id`, kind: 'id', label: 'ID' },
    edifice: { sql: sql`c.edifice`, kind: 'text', label: 'Code Edifice' },
    name: { sql: sql`c.name`, kind: 'text', label: 'Nom' },
    siren: { sql: sql`c.siren`, kind: 'text', label: 'SIREN' },
    manager: { sql: sql`c.manager`, kind: 'text', label: 'Responsable' },
    mail: { sql: sql`c.mail`, kind: 'text', label: 'E-mail' },
    agencyCount: {
      sql: sql`(SELECT count(*)::int FROM agencies a WHERE a.company_id = c.id)`,
      kind: 'number',
      label: "Nombre d'agences",
    },
  },
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) =>
    principal.visibility === 4
      ? sql`c.id IN (SELECT a.company_id FROM agencies a JOIN user_agencies ua ON ua.agency_id = a.id WHERE ua.user_id = ${principal.userId})`
      : undefined,
});
