import { REFUSAL_COMMENT_MESSAGE, refusalCommentMissing, type TransitionTarget } from '@isf/contract';

/** What a pre-check knows of the move about to be posted (spec 1 §4 "Pre-check rules applied before a move"). */
export type PreCheckContext = {
  entity: string;
  entityId: number;
  workflowCode: string;
  fromNodeCode: string;
  transition: TransitionTarget & {
    id: number;
    transitionCode: string;
    /** Set when the user holds the transition only through a delegation (the panel's transitions carry it). */
    onBehalfOf?: { id: number; name: string } | null;
  };
  comment: string;
  /** Asks the user (OK / Annuler); business rules confirm through it. */
  confirm: (options: { title?: string; content: string }) => Promise<boolean>;
};

/** Go on, or abort the move; `message` says why when the user did not choose to cancel. */
export type PreCheckOutcome = { proceed: true } | { proceed: false; message?: string };

export type PreCheck = (context: PreCheckContext) => Promise<PreCheckOutcome> | PreCheckOutcome;

/** Which moves a pre-check concerns: every given field must match (none: every move). */
export type PreCheckSelector = { entity?: string; workflowCode?: string; toNodeCode?: string; transitionCode?: string };

const PROCEED: PreCheckOutcome = { proceed: true };

function matches(selector: PreCheckSelector, context: PreCheckContext): boolean {
  return (
    (selector.entity === undefined || selector.entity === context.entity) &&
    (selector.workflowCode === undefined || selector.workflowCode === context.workflowCode) &&
    (selector.toNodeCode === undefined || selector.toNodeCode === context.transition.toNodeCode) &&
    (selector.transitionCode === undefined || selector.transitionCode === context.transition.transitionCode)
  );
}

/**
 * Rule 1 (spec 1 §4, §5), for every workflow: a refusal or a return to draft (an error or a start node)
 * needs a comment of at least 5 characters. The server refuses the same move with 422.
 */
export const refusalCommentPreCheck: PreCheck = (context) =>
  refusalCommentMissing(context.transition.toNodeType, context.comment)
    ? { proceed: false, message: REFUSAL_COMMENT_MESSAGE }
    : PROCEED;

/** The client's pre-checks; business areas register theirs (rules 2 to 8) with `registerPreCheck`. */
export function createPreCheckRegistry() {
  const entries: { selector: PreCheckSelector; check: PreCheck }[] = [{ selector: {}, check: refusalCommentPreCheck }];
  return {
    /** Adds a pre-check; returns its removal. */
    register(selector: PreCheckSelector, check: PreCheck): () => void {
      const entry = { selector, check };
      entries.push(entry);
      return () => {
        entries.splice(entries.indexOf(entry), 1);
      };
    },
    /** Runs the matching pre-checks one after the other (confirmations never overlap); the first refusal aborts. */
    async run(context: PreCheckContext): Promise<PreCheckOutcome> {
      for (const entry of entries.filter((candidate) => matches(candidate.selector, context))) {
        const outcome = await entry.check(context);
        if (!outcome.proceed) {
          return outcome;
        }
      }
      return PROCEED;
    },
  };
}

export const preChecks = createPreCheckRegistry();

export const registerPreCheck = preChecks.register;
