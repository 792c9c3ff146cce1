import { jwtVerify, SignJWT } from 'jose';

export type TokenService = {
  issue(userId: number, ttlSeconds?: number): Promise<string>;
  /** The profile id carried by a valid token, or null when the token is missing, forged or expired. */
  verify(token: string): Promise<number | null>;
};

export function createTokenService(secret: string, defaultTtlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        return Number.isInteger(userId) && userId > 0 ? userId : null;
      } catch {
        return null;
      }
    },
  };
}
