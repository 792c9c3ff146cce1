import { HIDDEN_TRANSITION_CODES, TRANSITION_TYPES } from '@isf/contract';

export type ButtonTransition = {
  id: number;
  name: string;
  transitionCode: string;
  transitionType: number;
  helper: string | null;
  hidden: boolean;
  disabled: boolean;
};

const HIDDEN_CODES: ReadonlySet<string> = new Set(HIDDEN_TRANSITION_CODES);

/**
 * The transitions that get a button (spec 1 §4): not hidden (a dedicated action fires
 * env_submit_to_validation and the like), not disabled, sorted by type (the order among one type is the
 * server's).
 */
export function buttonTransitions<Transition extends ButtonTransition>(transitions: readonly Transition[]): Transition[] {
  return transitions
    .filter((transition) => !transition.hidden && !transition.disabled && !HIDDEN_CODES.has(transition.transitionCode))
    .sort((left, right) => left.transitionType - right.transitionType);
}

/** Type 2 transitions (refuse, cancel, return) are styled as dangerous. */
export function isDangerous(transition: Pick<ButtonTransition, 'transitionType'>): boolean {
  return transition.transitionType === TRANSITION_TYPES.dangerous;
}
