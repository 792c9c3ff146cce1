import type { TFunction } from 'i18next';
import { moveFailureMessage } from './move-failure';
import { type PreCheckContext, preChecks } from './pre-checks';
import { moveToken } from './workflow-panel.api';

/** One token about to move: what the pre-checks read and what the move posts. */
export type MoveAttempt = Omit<PreCheckContext, 'confirm'> & {
  tokenId: number;
  /** The token version the user saw (a concurrent move answers 409). */
  version?: number;
};

/** How a move ended: moved; refused before the call (a pre-check) or by the server; or cancelled by the user. */
export type MoveResult = { status: 'moved' } | { status: 'refused'; message: string } | { status: 'cancelled' };

/** Runs the client's pre-checks for the move (spec 1 §4): confirmations first, never in parallel. */
export async function checkMove(attempt: MoveAttempt, confirm: PreCheckContext['confirm']): Promise<MoveResult | null> {
  const outcome = await preChecks.run({ ...attempt, confirm });
  if (outcome.proceed) {
    return null;
  }
  return outcome.message ? { status: 'refused', message: outcome.message } : { status: 'cancelled' };
}

/** Posts the move; a refusal comes back as the server's text. */
export async function postMove(attempt: MoveAttempt, t: TFunction): Promise<MoveResult> {
  try {
    await moveToken(attempt.tokenId, attempt.transition.id, attempt.comment.trim(), attempt.version);
    return { status: 'moved' };
  } catch (error) {
    return { status: 'refused', message: moveFailureMessage(error, t) };
  }
}
