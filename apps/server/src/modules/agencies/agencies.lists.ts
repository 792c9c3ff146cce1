import type { AgencyRow } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';
import { agencyScope } from '../../platform/scope.js';

export const agencyList = defineList<AgencyRow>({
  name: 'agencies',
  from: sql`agencies a JOIN companies c ON c.id = a.company_id`,
  countFrom: sql`agencies a`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`a.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`a.name`, kind: 'text', label: 'Nom' },
    companyId: { sql: sql`a.company_id`, kind: 'id', label: 'Entreprise (id)', hiddenInCsv: true },
    companyName: { sql: sql`c.name`, kind: 'text', label: 'Entreprise', joined: true },
    siret: { sql: sql`a.siret`, kind: 'text', label: 'SIRET' },
    edifice: { sql: sql`a.edifice`, kind: 'text', label: 'Code Edifice' },
    manager: { sql: sql`a.manager`, kind: 'text', label: 'Responsable' },
    mail: { sql: sql`a.mail`, kind: 'text', label: 'E-mail' },
    phone: { sql: sql`a.phone`, kind: 'text', label: 'Téléphone' },
    status: { sql: sql`a.status`, kind: 'enum', label: 'Statut' },
    documentsCompleted: { sql: sql`a.documents_completed`, kind: 'boolean', label: 'Documents complets' },
    inThirdParty: { sql: sql`a.in_third_party`, kind: 'boolean', label: 'Connue du répertoire' },
    synchronize: { sql: sql`a.synchronize`, kind: 'boolean', label: 'Suivi e-attestation' },
  },
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => agencyScope(principal, sql`a.id`),
});
