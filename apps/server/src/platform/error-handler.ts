import { formatMessage } from '@isf/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, HttpError } from './errors.js';

type PostgresError = { code?: string; constraint?: string; cause?: unknown };

function postgresCode(error: unknown): PostgresError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PostgresError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** One place turns every failure into the response shapes of DESIGN §3; bad input never becomes a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // a handler that failed after choosing a file type (CSV, PDF, spreadsheet) still answers in JSON
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(issue.params?.issue ?? '');
        const name = path || error.validationContext || 'body';
        fields[name] ??= issue.message ?? formatMessage('error.badInput');
      }
      const detail = Object.entries(fields)
        .map(([name, message]) => `${name} : ${message}`)
        .join(' ; ');
      return reply.status(400).send({ error: formatMessage('error.badInput'), detail, fields });
    }
    const database = postgresCode(error);
    if (database?.code === '23505') {
      return reply.status(400).send({ error: formatMessage('error.duplicate'), detail: formatMessage('error.duplicate') });
    }
    if (database?.code === '23503') {
      return reply.status(422).send({ error: formatMessage('error.inUse'), detail: formatMessage('error.inUse') });
    }
    // data exceptions (a value the column cannot hold: impossible date, out-of-range number, too long,
    // bad encoding) and program limits (a statement too large) come from the input: 400, without the SQL
    if (database?.code?.startsWith('22') || database?.code?.startsWith('54')) {
      return reply.status(400).send({ error: formatMessage('error.badInput'), detail: formatMessage('error.badInput') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !database) {
      const detail = status === 400 ? formatMessage('error.badInput') : error.message;
      return reply.status(status).send({ error: detail, detail: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: formatMessage('error.server', { id: String(request.id) }), requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: formatMessage('error.notFound'), path: request.url });
  });
}
