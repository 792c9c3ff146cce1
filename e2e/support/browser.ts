import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type ConsoleMessage, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * The browser's language: French, as the product's people use it; `E2E_LANG=en-US` runs a journey in an
 * English browser (the screens must read the same, dates dd/mm/yyyy included).
 */
const BROWSER_LANG = process.env.E2E_LANG ?? 'fr-FR';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--lang=${BROWSER_LANG}`],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * What the pages of the running journey wrote to the console as errors or React warnings, or threw
 * uncaught: the journey fails on any of them (`support/console-rule.ts`), but for those it declared
 * with `allowConsole`.
 */
const consoleProblems: string[] = [];
const allowed: RegExp[] = [];

/** A console message a journey expects (a refusal it provokes on purpose), for the running journey only. */
export function allowConsole(pattern: RegExp): void {
  allowed.push(pattern);
}

/** The problems seen since the last call, but the allowed ones, and forgets them. */
export function takeConsoleProblems(): string[] {
  return consoleProblems.splice(0).filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
}

/** At the end of a journey: its problems, and its allowances forgotten (one journey at a time). */
export function endConsoleWatch(): string[] {
  const taken = takeConsoleProblems();
  allowed.length = 0;
  return taken;
}

/**
 * The browser logs every answer that is not 2xx as "Failed to load resource". The app's own refusals
 * (4xx of the API: a form error, a stale version, a forbidden action) are shown on the screen and are part
 * of the journeys; a 4xx on anything else (the favicon, a script) and any 5xx are problems.
 */
function isApiRefusal(message: ConsoleMessage): boolean {
  const status = /the server responded with a status of (\d{3})/.exec(message.text())?.[1];
  return status?.startsWith('4') === true && new URL(message.location().url || 'about:blank').pathname.startsWith('/api/');
}

/** Kept for the end of the journey, and printed at once (the failure comes when the journey is over). */
function report(problem: string): void {
  consoleProblems.push(problem);
  console.warn(`browser console: ${problem}`);
}

function watchConsole(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text();
    if (
      (message.type() === 'error' && !isApiRefusal(message)) ||
      (message.type() === 'warning' && /\bReact\b|^Warning: /.test(text))
    ) {
      report(`console.${message.type()} on ${message.page()?.url() ?? '?'}: ${text} (${message.location().url})`);
    }
  });
  context.on('weberror', (error) => {
    report(`uncaught on ${error.page()?.url() ?? '?'}: ${error.error().stack ?? error.error().message}`);
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    locale: BROWSER_LANG,
    acceptDownloads: true,
  });
  watchConsole(context);
  return context.newPage();
}

/** Logs in through the login screen, as a person would. */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByLabel(/identifiant/i).fill(username);
  await page.getByLabel(/mot de passe/i).fill(password);
  await page.getByRole('button', { name: /connexion/i }).click();
}

/** Logs in and waits for the home screen's greeting. */
export async function signIn(page: Page, username: string, password = username): Promise<void> {
  await login(page, username, password);
  await expectHash(page, /^#\/$/);
  await page.getByText(/^Bonjour, /).waitFor();
}

/** The text as a regular expression's source that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Waits until the hash route is `expected` (exactly) or matches it. */
export async function expectHash(page: Page, expected: RegExp | string): Promise<void> {
  const source = typeof expected === 'string' ? `^${escapeRegExp(expected)}$` : expected.source;
  await page.waitForFunction((pattern) => new RegExp(pattern).test(window.location.hash), source, { timeout: 15_000 });
}

/** The visible dialog holding `text` (antd renders some dialogs twice while animating). */
export function dialog(page: Page, text: string | RegExp): Locator {
  return page.getByRole('dialog').filter({ hasText: text }).filter({ visible: true });
}

/** A full-page screenshot once the page is scrolled to the top and no dialog is still opening. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear') === null);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Types a date dd/mm/yyyy into a date field and leaves it (Enter would also submit the form); the field
 * then reads that same dd/mm/yyyy text, whatever the browser's language.
 */
export async function typeDate(field: Locator, ddmmyyyy: string): Promise<void> {
  await field.click();
  await field.fill(ddmmyyyy);
  await field.press('Tab');
  await expect.poll(() => field.inputValue()).toBe(ddmmyyyy);
}
