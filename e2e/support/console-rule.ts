import { afterEach } from 'vitest';
import { endConsoleWatch } from './browser.js';

// Every journey fails when a page it opened logged an error or a React warning, or threw: the person at
// the screen would not see it, the next developer would.
afterEach(() => {
  const problems = endConsoleWatch();
  if (problems.length > 0) {
    throw new Error(`the browser console reported ${problems.length} problem(s):\n${problems.join('\n')}`);
  }
});
