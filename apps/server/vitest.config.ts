import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // one migrated + seeded PGlite template per run; each file restores it (test/helper.ts)
    globalSetup: ['test/global-setup.ts'],
    // files share a worker's module cache (the app, PGlite's WASM) and hold no module state of their own:
    // this halves the CPU time of the suite
    isolate: false,
    // the workers mostly wait on PGlite, one per core is too few on a 2-core machine
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
