/**
 * The most JavaScript and CSS the login page, the first screen, may download: 200 kB once compressed
 * (gzip; the server sends brotli when the browser takes it, which is smaller). The build fails above it
 * (`first-screen-budget.ts`) and a browser journey checks the bytes sent (e2e/tests/first-screen.e2e.ts).
 */
export const FIRST_SCREEN_BUDGET_BYTES = 200 * 1024;
