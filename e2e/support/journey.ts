import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, screenshotDir } from './browser.js';

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

/** A temporary folder for the calling file's downloads, made now and removed after its journeys. */
export function useDownloadsDir(name: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `isf-e2e-${name}-`));
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}

/** Whether a command-line tool (poppler-utils) is installed. */
export const installed = (tool: string) => spawnSync(tool, ['-v']).error === undefined;

/** The first page of a downloaded PDF as a screenshot `<name>.png`, where poppler's pdftoppm is installed. */
export function screenshotPdf(pdfPath: string, name: string): void {
  if (!installed('pdftoppm')) {
    return;
  }
  const target = path.join(screenshotDir, name);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdfPath, target]);
  expect(existsSync(`${target}.png`)).toBe(true);
}
