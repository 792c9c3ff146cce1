import { configure } from '@testing-library/react';
// the whole catalogue, as the shell loads it (a test may render any screen without the shell)
import './src/lib/i18n/screens';

// Ant Design reads media queries; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// findBy*/waitFor give up after 1 s by default: too short for antd screens on a busy runner.
configure({ asyncUtilTimeout: 10_000 });
