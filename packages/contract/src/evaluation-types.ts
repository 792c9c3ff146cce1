import type { EntityCode } from './entities.js';

// The evaluation types and the entities of their rights, apart from the payload schemas (evaluations.ts):
// the web's route table reads them on its first screen, which must not load zod.

/** Evaluation types (spec 3 §9): 1 safety, 2 procurement, 3 project. */
export const EVALUATION_TYPES = { safety: 1, procurement: 2, project: 3 } as const;
export type EvaluationKind = keyof typeof EVALUATION_TYPES;
export type EvaluationType = (typeof EVALUATION_TYPES)[EvaluationKind];

/** The entity code whose rights govern each evaluation type (spec 3 §6). */
export const EVALUATION_ENTITIES: Record<EvaluationKind, EntityCode> = {
  safety: 'evaluation_safety',
  procurement: 'evaluation_procurement',
  project: 'evaluation_project',
};
export const EVALUATION_ENTITY_LIST: readonly EntityCode[] = Object.values(EVALUATION_ENTITIES);

export function evaluationKindOf(type: number): EvaluationKind | undefined {
  return (Object.keys(EVALUATION_TYPES) as EvaluationKind[]).find((kind) => EVALUATION_TYPES[kind] === type);
}
