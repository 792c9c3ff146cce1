import { changeProfileSchema, formatMessage, loginSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import type { TokenService } from '../../platform/tokens.js';
import { createAuthService } from './auth.service.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  database: Database,
  options: { tokens: TokenService; apiVersion: string; loginRateLimit: number },
): void {
  const service = createAuthService(database, options.tokens);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/login',
    {
      schema: { body: loginSchema },
      config: {
        access: access.public(),
        rateLimit: {
          max: options.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) => `${request.ip}:${String((request.body as { username?: unknown })?.username ?? '')}`,
          errorResponseBuilder: () => new HttpError(429, { error: formatMessage('login.tooManyAttempts') }),
        },
      },
    },
    async (request) => ({ token: await service.login(request.body.username, request.body.password) }),
  );

  typed.get('/api/user/profile', { config: { access: access.authenticated() } }, async (request) =>
    service.profile(principalOf(request)),
  );

  typed.post(
    '/api/user/change-profile',
    { schema: { body: changeProfileSchema }, config: { access: access.authenticated() } },
    async (request) => ({ success: true, token: await service.changeProfile(principalOf(request), request.body.username) }),
  );

  typed.get('/api/version', { config: { access: access.public() } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(options.apiVersion),
  );
}
