import { changePasswordSchema, changeProfileSchema, formatMessage, loginSchema } from '@isf/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import { createLoginThrottle } from '../../platform/login-throttle.js';
import { auditContext } from '../../platform/route-helpers.js';
import type { TokenService } from '../../platform/tokens.js';
import { createAuthService } from './auth.service.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  database: Database,
  options: { tokens: TokenService; apiVersion: string; loginRateLimit: number },
): void {
  const service = createAuthService(database, options.tokens);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const throttle = createLoginThrottle(options.loginRateLimit);

  /** Runs an attempt under the throttle of its keys: 429 while blocked, a refusal counts as a failure. */
  async function throttled<T>(keys: string[], reply: FastifyReply, attempt: () => Promise<T>): Promise<T> {
    const wait = throttle.retryAfter(keys);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, { error: formatMessage('login.tooManyAttempts') });
    }
    try {
      const result = await attempt();
      throttle.succeeded(keys[0] ?? '');
      return result;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 400)) {
        throttle.failed(keys);
      }
      throw error;
    }
  }

  typed.post('/api/login', { schema: { body: loginSchema }, config: { access: access.public() } }, async (request, reply) => {
    const keys = [`login:${request.body.username.toLowerCase()}`, `address:${request.ip}`];
    return { token: await throttled(keys, reply, () => service.login(request.body.username, request.body.password)) };
  });

  typed.post(
    '/api/user/password',
    { schema: { body: changePasswordSchema }, config: { access: access.authenticated() } },
    async (request, reply) => {
      const principal = principalOf(request);
      const keys = [`password:${principal.mainUserId}`, `address:${request.ip}`];
      await throttled(keys, reply, () => service.changePassword(principal, request.body, auditContext(request)));
      return { success: true };
    },
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
