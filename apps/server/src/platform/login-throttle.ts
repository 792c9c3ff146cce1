/**
 * Brute-force brake of the login and the password change: failed attempts are counted per username and
 * per client address (the proxy's X-Forwarded-For only counts when TRUST_PROXY names that proxy, so a
 * forged header neither escapes the limit nor locks someone else's address out). `maxFailures` failures
 * within a minute block the key for a minute, doubling at each new block (up to 15 minutes); a success
 * clears the username's count. Kept in the process's memory: each API process brakes on its own.
 */
export type LoginThrottle = {
  /** Seconds to wait before trying again when one of the keys is blocked, else 0. */
  retryAfter(keys: string[]): number;
  failed(keys: string[]): void;
  succeeded(key: string): void;
};

type Counter = { failures: number; windowStart: number; blockedUntil: number; strikes: number };

const WINDOW_MS = 60_000;
const MAX_BLOCK_MS = 15 * 60_000;
const MAX_KEYS = 50_000;

export function createLoginThrottle(maxFailures: number, now: () => number = Date.now): LoginThrottle {
  const counters = new Map<string, Counter>();

  function prune(at: number) {
    if (counters.size < MAX_KEYS) {
      return;
    }
    for (const [key, counter] of counters) {
      if (counter.blockedUntil <= at && at - counter.windowStart > WINDOW_MS) {
        counters.delete(key);
      }
    }
  }

  return {
    retryAfter(keys) {
      const at = now();
      const until = Math.max(0, ...keys.map((key) => counters.get(key)?.blockedUntil ?? 0));
      return until > at ? Math.ceil((until - at) / 1000) : 0;
    },
    failed(keys) {
      const at = now();
      prune(at);
      for (const key of keys) {
        const counter = counters.get(key) ?? { failures: 0, windowStart: at, blockedUntil: 0, strikes: 0 };
        if (at - counter.windowStart > WINDOW_MS) {
          counter.failures = 0;
          counter.windowStart = at;
        }
        counter.failures += 1;
        if (counter.failures >= maxFailures) {
          counter.blockedUntil = at + Math.min(WINDOW_MS * 2 ** counter.strikes, MAX_BLOCK_MS);
          counter.strikes += 1;
          counter.failures = 0;
          counter.windowStart = at;
        }
        counters.set(key, counter);
      }
    },
    succeeded(key) {
      counters.delete(key);
    },
  };
}
