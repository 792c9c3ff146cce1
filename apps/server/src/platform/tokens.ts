import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.js';
import { serverSecrets } from '../db/schema/index.js';

/**
 * The token signing secret: JWT_SECRET when set, otherwise a random one generated once and kept in the
 * database (the first process to start writes it, the others read it), so several API processes and
 * workers on one database accept each other's tokens and nothing signs with a value written in the code.
 */
export async function signingSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) {
    return configured;
  }
  await db
    .insert(serverSecrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, 'jwt')).limit(1);
  if (!row) {
    throw new Error('The token signing secret could not be stored in the database.');
  }
  return row.value;
}

export type TokenService = {
  issue(userId: number, ttlSeconds?: number): Promise<string>;
  /** The profile id carried by a valid token, or null when the token is missing, forged or expired. */
  verify(token: string): Promise<number | null>;
};

/** Tokens whose signature was checked, kept at most this many (the least recently checked dropped first). */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, defaultTtlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  /**
   * The tokens already verified, with their profile and expiry (seconds): checking an HS256 signature through
   * WebCrypto cost about a tenth of the app's CPU on the 16-connection orders page (docs/performance.md),
   * and a token's answer cannot change before it expires (nothing revokes a token). Valid while the current
   * second is before `exp`, as `jwtVerify` decides.
   */
  const verified = new Map<string, { userId: number; expiresAt: number }>();
  return {
    async issue(userId, ttlSeconds = defaultTtlSeconds) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const now = Math.floor(Date.now() / 1000);
      const known = verified.get(token);
      if (known && now < known.expiresAt) {
        verified.delete(token);
        verified.set(token, known);
        return known.userId;
      }
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) {
          return null;
        }
        if (typeof payload.exp === 'number') {
          verified.set(token, { userId, expiresAt: payload.exp });
          for (const oldest of verified.keys()) {
            if (verified.size <= VERIFIED_TOKENS) {
              break;
            }
            verified.delete(oldest);
          }
        }
        return userId;
      } catch {
        return null;
      }
    },
  };
}
