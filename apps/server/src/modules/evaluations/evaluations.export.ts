import { EVALUATION_DEFAULT_START_DATE, type EvaluationFilters } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { scoredEvaluations } from './evaluations.filters.js';

const criterion = (name: string, label: string): ListColumn => ({
  sql: sql`(SELECT ec.value FROM evaluation_criteria ec WHERE ec.evaluation_id = scored.id AND ec.criterion = ${name})`,
  kind: 'number',
  label,
});

/** The CSV of the filtered evaluations (`POST /evaluation/export`): one line per evaluation, one column per criterion. */
export function evaluationExportList(principal: Principal, filters: EvaluationFilters): ListDefinition {
  return defineList({
    name: 'evaluations-export',
    from: sql`${scoredEvaluations(principal, { ...filters, start_date: filters.start_date ?? EVALUATION_DEFAULT_START_DATE })}
      JOIN agencies ag ON ag.id = scored.agency_id
      JOIN companies c ON c.id = scored.company_id
      JOIN users u ON u.id = scored.creator_id
      LEFT JOIN projects p ON p.id = scored.project_id
      LEFT JOIN markets mk2 ON mk2.id = scored.market_id`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`scored.id`, kind: 'id', label: 'ID' },
      type: {
        sql: sql`CASE scored.type WHEN 1 THEN 'Sécurité' WHEN 2 THEN 'Achats' ELSE 'Projet' END`,
        kind: 'text',
        label: 'Type',
      },
      ratedAt: { sql: sql`to_char(scored.rated_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD')`, kind: 'text', label: 'Date' },
      companyName: { sql: sql`c.name`, kind: 'text', label: 'Entreprise' },
      agencyName: { sql: sql`ag.name`, kind: 'text', label: 'Agence' },
      projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet' },
      marketName: { sql: sql`mk2.edifice`, kind: 'text', label: 'Marché' },
      score: { sql: sql`round(scored.score, 2)`, kind: 'number', label: 'Note moyenne' },
      safety: criterion('safety', 'Sécurité'),
      rse: criterion('rse', 'RSE'),
      relational: criterion('relational', 'Relationnel'),
      quality: criterion('quality', 'Qualité'),
      reactivity: criterion('reactivity', 'Réactivité'),
      technic: criterion('technic', 'Technique'),
      comment: { sql: sql`scored.comment`, kind: 'text', label: 'Commentaire' },
      creatorName: { sql: sql`u.name`, kind: 'text', label: 'Évaluateur' },
    },
    defaultSort: { column: 'id', direction: 'asc' },
  });
}
