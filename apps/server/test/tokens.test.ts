import { beforeAll, describe, expect, it, vi } from 'vitest';

/** The signature checks made by the token service (the real `jwtVerify`, counted). */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return {
    ...jose,
    jwtVerify: (...args: Parameters<typeof jose.jwtVerify>) => {
      checks.count += 1;
      return jose.jwtVerify(...args);
    },
  };
});

/**
 * Issue 14, the 16-connection orders page: a token's signature is checked once, then its answer is kept
 * until the token expires (docs/decisions.md "One list request, fewer statements").
 */
// the test files share a worker's modules (vitest.config.ts): the service is loaded again, on the counted `jwtVerify`
let createTokenService: typeof import('../src/platform/tokens.js').createTokenService;
beforeAll(async () => {
  vi.resetModules();
  ({ createTokenService } = await import('../src/platform/tokens.js'));
});

describe('the token service', () => {
  it('checks a token’s signature once and answers the same profile after', async () => {
    const tokens = createTokenService('a-secret-of-the-tests', 3600);
    const token = await tokens.issue(42);
    checks.count = 0;
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(checks.count).toBe(1);
  });

  it('refuses a kept token once it has expired, and never keeps a refused one', async () => {
    const tokens = createTokenService('a-secret-of-the-tests', 3600);
    const token = await tokens.issue(7, 1);
    expect(await tokens.verify(token)).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await tokens.verify(token)).toBeNull();
    const forged = await createTokenService('another-secret', 3600).issue(7);
    checks.count = 0;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    expect(checks.count).toBe(2);
  });
});
