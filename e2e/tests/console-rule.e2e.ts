import { describe, expect, it } from 'vitest';
import { allowConsole, baseUrl, newPage, takeConsoleProblems } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

describe('the console rule of the journeys', () => {
  it('reports console errors, React warnings, uncaught errors and missing files, not the API refusals the app shows', async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('button', { name: /connexion/i }).waitFor();
    allowConsole(/an error this journey provokes/);
    await page.evaluate(async () => {
      console.error('something went wrong');
      console.error('an error this journey provokes');
      console.warn('Warning: Each child in a list should have a unique "key" prop.');
      console.warn('a warning of no concern');
      setTimeout(() => {
        throw new TypeError('nodes.filter is not a function');
      });
      await fetch('/no-such-icon.png');
      // a refused login: the login screen shows it, as any refusal of the API
      await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const problems: string[] = [];
    await expect
      .poll(() => {
        problems.push(...takeConsoleProblems());
        return problems.length;
      })
      .toBeGreaterThanOrEqual(4);
    // what the console rule would have thrown after this journey
    const seen = problems.join('\n');
    expect(seen).toContain('something went wrong');
    expect(seen).toContain('unique "key" prop');
    expect(seen).toContain('nodes.filter is not a function');
    expect(seen).toContain('/no-such-icon.png');
    expect(seen).not.toContain('provokes');
    expect(seen).not.toContain('no concern');
    expect(seen).not.toContain('/api/login');
    expect(problems).toHaveLength(4);
    await page.context().close();
  });
});
