import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@isf/contract';
import type { FastifyInstance } from 'fastify';

const ACCEPTABLE = /^[A-Za-z0-9._-]{8,100}$/;

/** Keeps a caller's request id when it looks sane, otherwise makes one (Fastify logs it on every line). */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
}

export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
