import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { FIRST_SCREEN_BUDGET_BYTES } from './build-tools/budget';
import { firstScreenBudget } from './build-tools/first-screen-budget';
import { precompress } from './build-tools/precompress';

const FEATURE_FACE = /\/src\/features\/[^/]+\/index\.ts$/;

/**
 * Modules the bundler may drop when none of their exports is used:
 * - antd's @rc-component packages declare no `sideEffects`: the bundler then keeps every module they
 *   import (the form store, the popup trigger...) even when only a context is used. They have none.
 * - a feature's face (`src/features/<area>/index.ts`) only re-exports: the app mounts a feature's routes
 *   through it, and without this the login page's bundle would get everything else the face gives (the
 *   tabs and modals other features embed).
 */
function moduleSideEffects(id: string): boolean {
  return !id.includes('/node_modules/@rc-component/') && !FEATURE_FACE.test(id);
}

// The locale is fixed at build time (spec 1 §1): fr_FR + EUR by default, `ISF_LOCALE=en` for en + GBP.
const locale = process.env.ISF_LOCALE === 'en' ? 'en' : 'fr';

export default defineConfig({
  plugins: [
    react(),
    // prints the login page's JavaScript and CSS and each screen's chunk, gzip; fails above the budget
    firstScreenBudget({ maxFirstScreenBytes: FIRST_SCREEN_BUDGET_BYTES, screenPattern: /-(list|detail)-page\.tsx$/ }),
    precompress(),
  ],
  define: { __ISF_LOCALE__: JSON.stringify(locale) },
  build: {
    rolldownOptions: {
      treeshake: { moduleSideEffects },
    },
  },
  server: { proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8080}` } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // antd screens under jsdom take seconds on a busy 2-CPU runner; a timeout is not a speed check here
    testTimeout: 30_000,
  },
});
