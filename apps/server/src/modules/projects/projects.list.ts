import type { ProjectRow } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';
import { projectScope } from '../../platform/scope.js';

const joinType = sql`LEFT JOIN project_types t ON t.id = p.type_id`;
const joinManager = sql`LEFT JOIN users m ON m.id = p.manager_id`;

/** The project list (spec 3 /projects), scoped by the caller's visibility. */
export const projectList = defineList<ProjectRow>({
  name: 'projects',
  from: sql`projects p ${joinType} ${joinManager}`,
  countFrom: sql`projects p`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`p.id`, kind: 'id', label: 'ID' },
    code: { sql: sql`p.code`, kind: 'text', label: 'Code' },
    name: { sql: sql`p.name`, kind: 'text', label: 'Nom' },
    typeId: { sql: sql`p.type_id`, kind: 'id', label: 'Type (id)', hiddenInCsv: true },
    typeName: { sql: sql`t.name`, kind: 'text', label: 'Type', joined: true, join: joinType },
    managerName: { sql: sql`m.name`, kind: 'text', label: 'Responsable', joined: true, join: joinManager },
  },
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => projectScope(principal, sql`p.id`),
});
