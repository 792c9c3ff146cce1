import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGET_BYTES } from '../../apps/web/build-tools/budget.js';
import { baseUrl, newPage, screenshot } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

type Transfer = { url: string; encodedBodySize: number; transferSize: number };

describe('the first screen', () => {
  it('downloads the login page within the budget, compressed, and from the cache on the next visit', async () => {
    const page = await newPage(browser());
    const encodings = new Map<string, string | undefined>();
    const cacheControls = new Map<string, string | undefined>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      encodings.set(path, response.headers()['content-encoding']);
      cacheControls.set(path, response.headers()['cache-control']);
    });

    // Chromium asks for `gzip, deflate, br, zstd`
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('button', { name: /connexion/i }).waitFor();
    const formShownAt = await page.evaluate(() => performance.now());
    await screenshot(page, 'first-screen-login');

    const transfers = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map(({ name, encodedBodySize, transferSize }) => ({ url: name, encodedBodySize, transferSize })),
    );
    const scriptsAndStyles = transfers.filter((entry: Transfer) => /\.(js|css)$/.test(new URL(entry.url).pathname));
    const bytes = scriptsAndStyles.reduce((sum: number, entry: Transfer) => sum + entry.encodedBodySize, 0);
    console.info(
      `login page: ${scriptsAndStyles.length} JS and CSS files, ${(bytes / 1024).toFixed(1)} kB compressed, form shown at ${Math.round(formShownAt)} ms`,
    );
    expect(scriptsAndStyles.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);

    // every script and style came compressed (but the few under 1 kB, which the build leaves as they are),
    // the hashed ones cached for a year; the page itself is revalidated
    for (const entry of scriptsAndStyles) {
      const path = new URL(entry.url).pathname;
      if (entry.encodedBodySize >= 1024) {
        expect(encodings.get(path), path).toMatch(/^(br|gzip)$/);
      }
      expect(cacheControls.get(path), path).toBe('public, max-age=31536000, immutable');
    }
    expect(cacheControls.get('/')).toBe('no-cache');
    expect(encodings.get('/')).toMatch(/^(br|gzip)$/);
    // the icon the page declares is there (no 404 in the console)
    const icon = await page.request.get(`${baseUrl()}/favicon.svg`);
    expect(icon.status()).toBe(200);

    // the next visit takes the scripts from the browser's cache: nothing goes over the network for them
    await page.reload();
    await page.getByRole('button', { name: /connexion/i }).waitFor();
    const again = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname))
        .reduce((sum, entry) => sum + entry.transferSize, 0),
    );
    expect(again).toBe(0);
    await page.context().close();
  });
});
