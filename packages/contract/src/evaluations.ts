import { z } from 'zod';
import type { EvaluationKind, EvaluationType } from './evaluation-types.js';
import { optionalCalendarDate, optionalText } from './fields.js';

/** The rated criteria: one per radar axis (spec 3 §2), in the radar's order. */
export const EVALUATION_CRITERIA = ['relational', 'rse', 'quality', 'reactivity', 'technic', 'safety'] as const;
export type EvaluationCriterion = (typeof EVALUATION_CRITERIA)[number];

/** The criteria each type rates (spec 3 §3). */
export const CRITERIA_OF_TYPE: Record<EvaluationKind, readonly EvaluationCriterion[]> = {
  safety: ['safety'],
  procurement: ['rse', 'relational'],
  project: ['quality', 'reactivity', 'technic'],
};

/** Spec 3 §5 and §9: 1 to 5 stars; a comment is required below 3. */
export const EVALUATION_MIN_STARS = 1;
export const EVALUATION_MAX_STARS = 5;
export const EVALUATION_COMMENT_THRESHOLD = 3;
/** Spec 3 §5: attachments of at most 2 MB per file, of the evaluation document type. */
export const EVALUATION_MAX_FILE_BYTES = 2 * 1024 * 1024;
/** The seeded document type of evaluation attachments (the spec's legacy id 11, mapped by code). */
export const EVALUATION_DOCUMENT_TYPE_CODE = 'EVALUATION';
/** The document owner name of evaluation attachments (spec 3 §5 "entity evaluation"). */
export const EVALUATION_DOCUMENT_OWNER = 'evaluation';
/** Spec 3 §9: default rating range and first date of the dashboard. */
export const EVALUATION_DEFAULT_MIN = 0;
export const EVALUATION_DEFAULT_MAX = 10;
export const EVALUATION_DEFAULT_START_DATE = '2000-01-01';
/** Spec 3 §9: table page sizes of the dashboard. */
export const EVALUATION_PAGE_SIZES = [10, 20, 50] as const;

export const EVALUATION_STARS_MESSAGE = 'La note doit être un nombre entier d’étoiles entre 1 et 5.';
export const EVALUATION_COMMENT_REQUIRED_MESSAGE = 'Un commentaire est obligatoire pour une note inférieure à 3 étoiles.';
export const EVALUATION_FILE_TOO_LARGE_MESSAGE = 'Le fichier dépasse la taille maximale de 2 Mo.';

/** Whether a comment must be written for these ratings (any below 3 stars). */
export function commentRequired(ratings: readonly (number | null | undefined)[]): boolean {
  return ratings.some((rating) => typeof rating === 'number' && rating < EVALUATION_COMMENT_THRESHOLD);
}

/** Colour band of a score (spec 3 §9): under 1.66 red, under 3.33 yellow, otherwise green. */
export type ScoreBand = 'red' | 'yellow' | 'green';
export function scoreBand(score: number): ScoreBand {
  if (score < 1.66) {
    return 'red';
  }
  return score < 3.33 ? 'yellow' : 'green';
}

const stars = z.coerce
  .number({ error: EVALUATION_STARS_MESSAGE })
  .int(EVALUATION_STARS_MESSAGE)
  .min(EVALUATION_MIN_STARS, EVALUATION_STARS_MESSAGE)
  .max(EVALUATION_MAX_STARS, EVALUATION_STARS_MESSAGE);

function requireCommentBelowThree(ratings: (value: Record<string, unknown>) => number[]) {
  return (value: Record<string, unknown> & { comment: string | null }, context: z.RefinementCtx) => {
    if (commentRequired(ratings(value)) && !value.comment) {
      context.addIssue({ code: 'custom', path: ['comment'], message: EVALUATION_COMMENT_REQUIRED_MESSAGE });
    }
  };
}

/** `POST /evaluation/safety/{agencyId}`: the safety rating and a comment. */
export const safetyEvaluationSchema = z
  .object({ safety: stars, comment: optionalText(4000) })
  .superRefine(requireCommentBelowThree((value) => [Number(value.safety)]));
export type SafetyEvaluationInput = z.input<typeof safetyEvaluationSchema>;

/** `POST /evaluation/procurement/{agencyId}`: the RSE and relational ratings and a comment. */
export const procurementEvaluationSchema = z
  .object({ rse: stars, relational: stars, comment: optionalText(4000) })
  .superRefine(requireCommentBelowThree((value) => [Number(value.rse), Number(value.relational)]));
export type ProcurementEvaluationInput = z.input<typeof procurementEvaluationSchema>;

const idList = z
  .union([z.array(z.coerce.number().int().positive()), z.string(), z.number()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') {
      return [];
    }
    if (Array.isArray(value)) {
      return value;
    }
    const parts = String(value)
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (!parts.every((part) => /^\d{1,10}$/.test(part))) {
      context.addIssue({ code: 'custom', message: 'Liste d’identifiants invalide.' });
      return z.NEVER;
    }
    return parts.map(Number);
  });

const isoDate = optionalCalendarDate().transform((value) => value ?? undefined);

const rating = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : String(value).replace(',', '.')))
  .refine((value) => value === undefined || /^\d{1,2}(\.\d{1,2})?$/.test(value), { message: 'Note invalide.' });

/** The dashboard filters (spec 3 §7 export form): dates, ids, and the rating range of each evaluation's score. */
export const evaluationFiltersSchema = z.object({
  start_date: isoDate,
  end_date: isoDate,
  companies: idList,
  agencies: idList,
  projects: idList,
  contracts: idList,
  markets: idList,
  min: rating,
  max: rating,
});
export type EvaluationFiltersInput = z.input<typeof evaluationFiltersSchema>;
export type EvaluationFilters = z.output<typeof evaluationFiltersSchema>;

/** Score and count of a group of evaluations (a company, agency, project or market). */
export type EvaluationScore = { score: string | null; count: number };
export type EvaluationAxis = { criterion: EvaluationCriterion; average: string | null; count: number };

export type EvaluationSummary = EvaluationScore & {
  agencyCount: number;
  axes: EvaluationAxis[];
  details: {
    safety: EvaluationScore;
    procurement: EvaluationScore & { relational: EvaluationScore; rse: EvaluationScore };
    project: EvaluationScore & { quality: EvaluationScore; reactivity: EvaluationScore; technic: EvaluationScore };
  };
};

export type CompanyEvaluationRow = EvaluationScore & {
  companyId: number;
  companyName: string;
  agencyCount: number;
  lastRatedAt: string;
};

export type AgencyEvaluationRow = EvaluationScore & { agencyId: number; agencyName: string; lastRatedAt: string };

export type MarketEvaluationRow = EvaluationScore & { marketId: number; marketName: string };
export type ProjectEvaluationRow = EvaluationScore & {
  projectId: number | null;
  projectName: string | null;
  markets: MarketEvaluationRow[];
};

export type EvaluationCriterionValue = { criterion: EvaluationCriterion; value: number; comment: string | null };
export type EvaluationRecord = {
  id: number;
  type: EvaluationType;
  value: string;
  comment: string | null;
  ratedAt: string;
  creatorName: string;
  agencyId: number;
  projectId: number | null;
  projectName: string | null;
  marketId: number | null;
  marketName: string | null;
  orderId: number | null;
  criteria: EvaluationCriterionValue[];
  documents: { id: number; filename: string }[];
};
