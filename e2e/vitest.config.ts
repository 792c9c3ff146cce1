import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // a journey fails on any console error or React warning of its pages
    setupFiles: ['./support/console-rule.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // one browser journey at a time: the machine has two cores and the app one embedded database
    fileParallelism: false,
  },
});
