import { formatMessage } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const NUL_MESSAGE = 'Caractère nul interdit dans les données envoyées.';

/** True when a value (string, array or plain object, keys included) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    return value.includes('\u0000');
  }
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) {
    return false;
  }
  if (Array.isArray(value)) {
    return value.some((item) => holdsNul(item, depth + 1));
  }
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

export function nulRefusal(): HttpError {
  return new HttpError(400, { error: formatMessage('error.badInput'), detail: NUL_MESSAGE });
}

/**
 * Guards every API request before its handler: a NUL character (which PostgreSQL text cannot hold) in the
 * path, the query or a JSON body is a 400, never a database error; and no API response is kept by a
 * browser or a proxy cache (`Cache-Control: no-store`: they carry tokens and personal data).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) {
      return;
    }
    if (/%00/i.test(request.url) || holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw nulRefusal();
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
