import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The files of `assets/` are named after a hash of their content by the web build: a new content, a new name. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** `index.html` (and the other unhashed files) are checked again on every load, so a new build shows at once. */
export const UNHASHED_CACHE = 'no-cache';

/**
 * Serves the web build: the brotli or gzip file the build wrote next to each file (`<file>.br`,
 * `<file>.gz`) when the browser accepts it, with `Content-Encoding` and `Vary: Accept-Encoding`;
 * hashed files cached for a year, the others revalidated.
 */
export async function registerWebAssets(app: FastifyInstance, root: string): Promise<void> {
  const hashedDir = path.join(path.resolve(root), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', path.resolve(filePath).startsWith(hashedDir) ? HASHED_ASSET_CACHE : UNHASHED_CACHE);
    },
  });
}
