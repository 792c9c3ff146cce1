import { z } from 'zod';
import {
  commentRequired,
  EVALUATION_COMMENT_REQUIRED_MESSAGE,
  EVALUATION_MAX_STARS,
  EVALUATION_MIN_STARS,
  EVALUATION_STARS_MESSAGE,
} from './evaluations.js';
import { optionalId, optionalText } from './fields.js';

/**
 * The project evaluation asked when an attachment goes to amount validation (spec 1 §4 rule 6, spec 2 §7
 * `POST /evaluation/project/{orderId}`): quality, reactivity and technic, 1 to 5 stars, a comment below 3.
 * The question is answered once per order and attachment month, by an evaluation or a skip
 * (docs/decisions.md "Project evaluation of an attachment").
 */
export const PROJECT_EVALUATION_NODE = 'att_validating_amount';

export const PROJECT_EVALUATION_NO_AGENCY_MESSAGE = "La commande n'a pas d'agence : son sous-traitant ne peut pas être évalué.";
export const PROJECT_EVALUATION_ATTACHMENT_MESSAGE = "Cet attachement n'appartient pas à cette commande.";

const stars = z.coerce
  .number({ error: EVALUATION_STARS_MESSAGE })
  .int(EVALUATION_STARS_MESSAGE)
  .min(EVALUATION_MIN_STARS, EVALUATION_STARS_MESSAGE)
  .max(EVALUATION_MAX_STARS, EVALUATION_STARS_MESSAGE);

/** `POST /evaluation/project/{orderId}`: the three ratings, a comment (required below 3 stars) and the attachment that asked. */
export const projectEvaluationSchema = z
  .object({
    quality: stars,
    reactivity: stars,
    technic: stars,
    comment: optionalText(4000),
    attachement: optionalId,
  })
  .superRefine((value, context) => {
    if (commentRequired([value.quality, value.reactivity, value.technic]) && !value.comment) {
      context.addIssue({ code: 'custom', path: ['comment'], message: EVALUATION_COMMENT_REQUIRED_MESSAGE });
    }
  });
export type ProjectEvaluationInput = z.input<typeof projectEvaluationSchema>;

/** `POST /evaluation/project/{orderId}/skip` and the query of `GET /evaluation/project/{orderId}/due`: the attachment that asks. */
export const projectEvaluationAttachmentSchema = z.object({ attachement: optionalId });

/** `GET /evaluation/project/{orderId}/due?attachement=`: whether the form opens for that order and month. */
export type ProjectEvaluationDue = {
  /** The order's market is to be evaluated (`market.toEvaluate`). */
  toEvaluate: boolean;
  /** The attachment month (YYYY-MM; the current month without an attachment). */
  month: string;
  /** How the question was already answered for the order and month, if it was. */
  answered: 'evaluated' | 'skipped' | null;
  /** toEvaluate and not answered yet. */
  due: boolean;
};
