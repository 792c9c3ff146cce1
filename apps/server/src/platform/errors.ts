import { formatMessage, type MessageKey } from '@isf/contract';

export type FieldErrors = Record<string, string>;

/** An error with an HTTP status and the body the client receives (spec 1 §8, DESIGN §3). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { error: string; detail?: string; fields?: FieldErrors; [key: string]: unknown },
  ) {
    super(body.detail ?? body.error);
  }
}

export function badRequest(detail: string, fields?: FieldErrors): HttpError {
  return new HttpError(400, { error: formatMessage('error.badInput'), detail, ...(fields ? { fields } : {}) });
}

export function unauthenticated(key: MessageKey = 'error.unauthenticated'): HttpError {
  return new HttpError(401, { error: formatMessage(key) });
}

export function forbidden(key: MessageKey = 'error.forbidden'): HttpError {
  return new HttpError(403, { error: formatMessage(key) });
}

export function notFound(key: MessageKey = 'error.notFound'): HttpError {
  return new HttpError(404, { error: formatMessage(key) });
}

export function staleVersion(currentVersion: number): HttpError {
  return new HttpError(409, { error: formatMessage('error.staleVersion'), currentVersion });
}

export function businessRefusal(detail: string): HttpError {
  return new HttpError(422, { error: detail, detail });
}
