import { createElement, type ReactNode } from 'react';
import { type ApiError, setGlobalErrorHandler } from '../lib/api-client';
import { getFeedback } from '../lib/feedback';
import { i18next } from '../lib/i18n';
import { logout } from '../lib/session';

export type ResponseHandlingOptions = {
  /** Router navigation (the handler lives outside React). */
  navigate: (path: string) => void;
};

const t = (key: string, values?: Record<string, string | number>) => i18next.t(key, values);

function lines(...texts: (string | null | undefined)[]): ReactNode {
  return createElement(
    'div',
    null,
    texts.filter((text): text is string => Boolean(text)).map((text) => createElement('div', { key: text }, text)),
  );
}

function endSession(options: ResponseHandlingOptions): void {
  logout();
  options.navigate('/login');
}

/**
 * The global response handling of spec 1 §8, applied to every API call that is not `silent`. It may
 * rewrite the error's message, which is what the caller's rejection then carries.
 */
export function handleApiError(error: ApiError, options: ResponseHandlingOptions): void {
  const feedback = getFeedback();
  const requestId = error.requestId ?? '-';
  const body = error.body ?? {};
  if (error.path.startsWith('/notification') && error.status !== 401 && error.status !== 403) {
    // Background polling must not raise dialogs; its failures are only logged.
    console.error(error.path, error.status, body);
    error.message = t('login.noResponse');
    return;
  }
  switch (error.status) {
    case 0:
      error.message = t('login.noResponse');
      feedback.alert({ title: t('error.title'), content: t('login.noResponse') });
      return;
    case 400: {
      // a refusal the user is shown, not a fault of the app: a warning in the console (the journeys fail on errors)
      console.warn(body);
      const detail = body.detail && body.detail !== body.error ? body.detail : undefined;
      feedback.alert({
        title: body.error ?? body.detail ?? t('error.badInput'),
        content: lines(detail, t('error.requestId', { id: requestId })),
      });
      return;
    }
    case 401:
      error.message = t('error.sessionExpired');
      endSession(options);
      return;
    case 403:
      endSession(options);
      return;
    case 409:
      feedback.warning(t('error.staleVersion'));
      return;
    case 422:
      return;
    case 500:
      feedback.alert({ title: t('error.title'), content: t('error.server', { id: requestId }) });
      return;
    default:
      feedback.alert({
        title: t('error.title'),
        content: lines(
          `${t('error.details.path')} : ${error.path}`,
          `${t('error.details.status')} : ${error.status}`,
          `${t('error.details.error')} : ${body.error ?? ''}`,
          `${t('error.details.message')} : ${body.detail ?? (typeof body.message === 'string' ? body.message : '')}`,
          `${t('error.details.requestId')} : ${requestId}`,
        ),
      });
  }
}

export function installResponseHandling(options: ResponseHandlingOptions): void {
  setGlobalErrorHandler((error) => handleApiError(error, options));
}
