import { REFUSAL_COMMENT_MESSAGE, refusalCommentMissing } from '@isf/contract';
import type { MoveFacts } from './workflow-registry.js';

/** Spec 1 §5: a refusal or a return to draft needs a comment of at least 5 characters (the rule is shared with the client). */
export function refusalCommentGuard(facts: MoveFacts): string | null {
  return refusalCommentMissing(facts.to.type, facts.comment) ? REFUSAL_COMMENT_MESSAGE : null;
}
