import type { TFunction } from 'i18next';
import { checkMove, type MoveAttempt, type MoveResult, postMove } from '../../components/workflow-panel/attempt-move';
import type { PreCheckContext } from '../../components/workflow-panel/pre-checks';

/** A selected token of the node screen, with its own comment. */
export type BatchItem = MoveAttempt & { label: string };

export type BatchResult = { tokenId: number; label: string; result: MoveResult };

/**
 * Moves several tokens with one transition (spec 1 §2 node screen): the pre-checks of each token run one
 * after the other (they may ask the user), then the accepted moves are posted in parallel, each with its
 * own comment; every token gets its own result.
 */
export async function moveInParallel(
  items: readonly BatchItem[],
  confirm: PreCheckContext['confirm'],
  t: TFunction,
): Promise<BatchResult[]> {
  const checked: (MoveResult | null)[] = [];
  for (const item of items) {
    checked.push(await checkMove(item, confirm));
  }
  const results = await Promise.all(items.map((item, index) => checked[index] ?? postMove(item, t)));
  return items.map((item, index) => ({
    tokenId: item.tokenId,
    label: item.label,
    result: results[index] ?? { status: 'cancelled' },
  }));
}
