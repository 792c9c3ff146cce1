import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';

/** A suffix for the names a journey file creates: apart from those of other files and earlier runs. */
export const unique = `${Date.now() % 1_000_000}`;

/**
 * The browser of the calling file's journeys: launched before the first of them, closed after the last.
 * Call it at the top of the file; the function it returns gives the browser inside a journey.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) {
      throw new Error('the browser is launched before the journeys of the file, not while it is read');
    }
    return browser;
  };
}
