import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts of the build are already compressed formats. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ico)$/;
/** Below this size the headers cost more than the compression saves: the server sends the file as is. */
const MIN_BYTES = 1024;

export function gzipBytes(content: string | Uint8Array): Promise<Buffer> {
  return gzipAsync(content, { level: 9 });
}

export function brotliBytes(content: string | Uint8Array): Promise<Buffer> {
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength,
    },
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so that the server sends
 * compressed files without compressing on each request (`@fastify/static` `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'isf-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          if (content.byteLength < MIN_BYTES) {
            return;
          }
          const [br, gz] = await Promise.all([brotliBytes(content), gzipBytes(content)]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}
