import { ApiError } from '../../lib/api-client';

export type LoginFailure = { messageKey: string; status: number };

/**
 * The login error texts of spec 1 §8. A refused profile always reads as a profile anomaly; 429 is our
 * rate limit, worth its own text rather than "internal error".
 */
export function loginFailure(error: unknown, stage: 'login' | 'profile'): LoginFailure {
  const status = error instanceof ApiError ? error.status : 0;
  if (stage === 'profile') {
    return { messageKey: 'login.profileAnomaly', status };
  }
  if (status === 0) {
    return { messageKey: 'login.noResponse', status };
  }
  if (status === 403) {
    return { messageKey: 'login.invalidCredentials', status };
  }
  if (status === 429) {
    return { messageKey: 'login.tooManyAttempts', status };
  }
  return { messageKey: 'login.internalError', status };
}
