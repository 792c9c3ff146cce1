import type { TFunction } from 'i18next';
import { ApiError, reportApiError } from '../../lib/api-client';

/**
 * The text shown beside an item whose move failed: the server's own refusal (403, 404, 409, 422 carry a
 * French text), or the network and server texts of spec 1 §8. An expired session still goes to the
 * global handling (back to the login screen).
 */
export function moveFailureMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) {
    return t('workflow.move.failed');
  }
  if (error.status === 401) {
    reportApiError(error);
    return t('error.sessionExpired');
  }
  if (error.status === 0) {
    return t('login.noResponse');
  }
  if (error.status >= 500) {
    return t('error.server', { id: error.requestId ?? '' });
  }
  return error.body?.detail ?? error.body?.error ?? t('workflow.move.failed');
}
