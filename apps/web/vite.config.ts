import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The locale is fixed at build time (spec 1 §1): fr_FR + EUR by default, `ISF_LOCALE=en` for en + GBP.
const locale = process.env.ISF_LOCALE === 'en' ? 'en' : 'fr';

export default defineConfig({
  plugins: [react()],
  define: { __ISF_LOCALE__: JSON.stringify(locale) },
  server: { proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8080}` } },
  build: { chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // antd screens under jsdom take seconds on a busy 2-CPU runner; a timeout is not a speed check here
    testTimeout: 30_000,
  },
});
