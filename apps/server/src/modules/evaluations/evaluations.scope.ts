import { EVALUATION_ENTITIES, EVALUATION_TYPES, type EvaluationKind } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';
import { can, type Principal } from '../../platform/principal.js';
import { agencyScope, projectScope } from '../../platform/scope.js';

/** The evaluation types the caller may read (spec 3 §6: rights per type). */
export function readableTypes(principal: Principal): number[] {
  return (Object.keys(EVALUATION_TYPES) as EvaluationKind[])
    .filter((kind) => can(principal, EVALUATION_ENTITIES[kind], 'read'))
    .map((kind) => EVALUATION_TYPES[kind]);
}

/**
 * Who sees an evaluation (`e`): a readable type, an agency in the caller's scope (visibility 4: its
 * agencies) and, for a project evaluation, a project in the caller's project scope.
 */
export function evaluationScope(principal: Principal, evaluation = sql`e`): SQL {
  const types = readableTypes(principal);
  if (types.length === 0) {
    return sql`FALSE`;
  }
  const conditions: SQL[] = [
    sql`${evaluation}.type IN (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )})`,
  ];
  const agency = agencyScope(principal, sql`${evaluation}.agency_id`);
  if (agency) {
    conditions.push(agency);
  }
  const project = projectScope(principal, sql`${evaluation}.project_id`);
  if (project) {
    conditions.push(sql`(${evaluation}.project_id IS NULL OR ${project})`);
  }
  return sql.join(conditions, sql` AND `);
}

/** Evaluations as document owners (their attachments) and as records a route checks the scope of. */
export const evaluationList = defineList({
  name: 'evaluations',
  from: sql`evaluations e`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`e.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`'Évaluation n° ' || e.id`, kind: 'text', label: 'Nom' },
    agencyId: { sql: sql`e.agency_id`, kind: 'id', label: 'Agence (id)' },
  },
  defaultSort: { column: 'id', direction: 'desc' },
  scope: (principal) => evaluationScope(principal),
});
