// Compiles the server for `npm start` and `npm run worker`: one ES module per entry point in dist/, the
// packages of package.json left to node_modules, the shared contract (TypeScript sources) bundled in, the
// migrations copied beside them (db/client.ts reads them next to itself). Starting compiled JavaScript
// instead of transpiling on the fly with tsx halves an idle server's memory (docs/performance.md, "Memory").
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');
const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies)
  .filter((name) => !name.startsWith('@isf/'))
  .flatMap((name) => [name, `${name}/*`]);

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts'), worker: path.join(root, 'src/worker.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
await cp(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
