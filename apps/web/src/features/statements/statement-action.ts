import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';

/**
 * A statement action after its confirmation: the server's business refusal (422: locked, blocked
 * payment, …) is shown as a warning, since the global handling stays silent on them (spec 1 §8).
 * True when the action ran.
 */
export async function confirmAndRun(confirm: string, run: () => Promise<unknown>): Promise<boolean> {
  if (!(await getFeedback().confirm({ content: confirm }))) {
    return false;
  }
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      getFeedback().warning(error.body?.error ?? error.message);
      return false;
    }
    throw error;
  }
}
