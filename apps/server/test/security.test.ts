import { passwordRefusal } from '@isf/contract';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET, loadConfig } from '../src/config.js';
import { createTokenService } from '../src/platform/tokens.js';
import { demoDataWanted } from '../src/seed/administrator-seed.js';
import { actingAs, createTestApp, inject, login, tokenFor, userIdOf } from './helper.js';

const testApp = await createTestApp();

afterAll(async () => {
  await testApp.close();
});

function profileOf(app: typeof testApp.app, token: string) {
  return inject(app, { method: 'GET', url: '/api/user/profile', token });
}

describe('token signing secret', () => {
  it('without JWT_SECRET, generates one secret kept in the database that every process of it shares', async () => {
    const first = await testApp.variant({ jwtSecret: undefined });
    const second = await testApp.variant({ jwtSecret: undefined });
    const token = await login(first, 'admin', 'admin');
    expect((await profileOf(second, token)).statusCode).toBe(200);
    // the secret written in the code before is not it, nor the tests' own
    const adminId = await userIdOf(testApp.db, 'admin');
    for (const secret of ['isf-development-secret-change-me-in-production', 'isf-test-secret-not-for-production']) {
      const forged = await createTokenService(secret, 3600).issue(adminId);
      expect((await profileOf(first, forged)).statusCode).toBe(401);
    }
  });

  it('accepts only HS256 tokens', async () => {
    const adminId = await userIdOf(testApp.db, 'admin');
    const key = new TextEncoder().encode(testApp.config.jwtSecret);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(adminId))
      .setExpirationTime('1h')
      .sign(key);
    expect((await profileOf(testApp.app, hs512)).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(adminId), exp: 9_999_999_999 })).toString('base64url')}.`;
    expect((await profileOf(testApp.app, unsigned)).statusCode).toBe(401);
  });

  it('refuses to start in production without a JWT_SECRET of at least 32 characters', () => {
    const webhook = { SIGNATURE_WEBHOOK_SECRET: 'w'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...webhook })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret', ...webhook })).toThrow(/at least 32/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(20) + 'y'.repeat(20), ...webhook }).jwtSecret,
    ).toHaveLength(40);
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('loads the demo data and its logins on the embedded database, on a DATABASE_URL database only with SEED_DEMO=1', () => {
    const url = { DATABASE_URL: 'postgres://isf@db.example:5432/isf' };
    expect(demoDataWanted(loadConfig({}))).toBe(true);
    expect(demoDataWanted(loadConfig(url))).toBe(false);
    expect(demoDataWanted(loadConfig({ ...url, SEED_DEMO: '0' }))).toBe(false);
    expect(demoDataWanted(loadConfig({ ...url, SEED_DEMO: '1' }))).toBe(true);
  });

  it('refuses to start in production without its own e-signature webhook secret; elsewhere uses the development one', () => {
    const jwt = { JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...jwt })).toThrow(/SIGNATURE_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...jwt, SIGNATURE_WEBHOOK_SECRET: DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET }),
    ).toThrow(/SIGNATURE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...jwt, SIGNATURE_WEBHOOK_SECRET: 'short' })).toThrow(/at least 24/);
    expect(loadConfig({ NODE_ENV: 'production', ...jwt, SIGNATURE_WEBHOOK_SECRET: 'z'.repeat(32) }).signatureWebhookSecret).toBe(
      'z'.repeat(32),
    );
    expect(loadConfig({}).signatureWebhookSecret).toBe(DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET);
    expect(loadConfig({ SIGNATURE_WEBHOOK_SECRET: '' }).signatureWebhookSecret).toBe(DEVELOPMENT_SIGNATURE_WEBHOOK_SECRET);
  });
});

describe('login abuse', () => {
  const attempt = (app: typeof testApp.app, username: string, forwardedFor?: string) =>
    inject(app, {
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'wrong-password' },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy: a new header per try does not escape the limit', async () => {
    const limited = await testApp.variant({ loginRateLimit: 3 });
    const statuses = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await attempt(limited, `nobody-${index}`, `203.0.113.${index}`)).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
  });

  it('counts per forwarded address behind a trusted proxy, so one address cannot lock out another', async () => {
    const limited = await testApp.variant({ loginRateLimit: 3, trustProxy: '127.0.0.1' });
    for (let index = 0; index < 4; index += 1) {
      await attempt(limited, `attacker-${index}`, '198.51.100.7');
    }
    expect((await attempt(limited, 'attacker-5', '198.51.100.7')).statusCode).toBe(429);
    const victim = await inject(limited, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'lecteur', password: 'lecteur' },
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(victim.statusCode, victim.body).toBe(200);
  });

  it('limits one username from any address, with a growing wait', async () => {
    const limited = await testApp.variant({ loginRateLimit: 2, trustProxy: '127.0.0.1' });
    await attempt(limited, 'valideur', '192.0.2.1');
    await attempt(limited, 'valideur', '192.0.2.2');
    const refused = await attempt(limited, 'valideur', '192.0.2.3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('answers an unknown login in about the time of a known one', async () => {
    const timeOf = async (username: string) => {
      const started = performance.now();
      const response = await attempt(testApp.app, username);
      expect(response.statusCode).toBe(403);
      return performance.now() - started;
    };
    await timeOf('admin');
    await timeOf('nobody-warm-up');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      known.push(await timeOf('admin'));
      unknown.push(await timeOf(`nobody-${index}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });
});

describe('passwords', () => {
  it.each(['12345678', 'password', 'motdepasse2024!', 'Azertyuiop123', 'aaaaaaaaaaaaaaaa', 'short-one'])(
    'refuses the weak password %s',
    (password) => {
      expect(passwordRefusal(password)).not.toBeNull();
    },
  );

  it('accepts a long passphrase and refuses one holding the login', () => {
    expect(passwordRefusal('cheval agrafe batterie correcte')).toBeNull();
    expect(passwordRefusal('dupont-est-mon-nom', 'dupont')).toMatch(/identifiant/);
  });

  it('refuses a weak initial password when creating a user', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const { roleId } = await actingAs(testApp);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/create',
      token: admin,
      payload: { cn: 'faible', role: roleId, engagement: '0', password: '12345678' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.password).toMatch(/12 caractères/);
  });

  it('changes one’s own password after the current one, under the policy', async () => {
    const { uid, userId } = await actingAs(testApp, {}, { password: 'initial passphrase 1' });
    const token = await tokenFor(testApp.app, userId);
    const change = (currentPassword: string, newPassword: string) =>
      inject(testApp.app, { method: 'POST', url: '/api/user/password', token, payload: { currentPassword, newPassword } });

    const wrongCurrent = await change('not the password', 'a brand new passphrase');
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().fields).toEqual({ currentPassword: 'Le mot de passe actuel est incorrect.' });
    for (const weak of ['12345678', 'password', 'Motdepasse2024']) {
      const refused = await change('initial passphrase 1', weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json().fields.newPassword).toEqual(expect.any(String));
    }
    expect((await change('initial passphrase 1', 'a brand new passphrase')).statusCode).toBe(200);
    await login(testApp.app, uid, 'a brand new passphrase');
    const old = await inject(testApp.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: uid, password: 'initial passphrase 1' },
    });
    expect(old.statusCode).toBe(403);
  });

  it('needs a session to change a password', async () => {
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: 'admin', newPassword: 'a brand new passphrase' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('input that once caused a 500', () => {
  it('answers 400 to a NUL character in a query, a JSON body or a path', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const list = await inject(testApp.app, { method: 'GET', url: '/api/projects', token: admin, query: { name: 'a\u0000b' } });
    expect(list.statusCode, list.body).toBe(400);
    const body = await inject(testApp.app, {
      method: 'POST',
      url: '/api/project',
      token: admin,
      payload: { name: 'Projet\u0000', code: 'NUL-1' },
    });
    expect(body.statusCode, body.body).toBe(400);
    expect(body.json().detail).toBe('Caractère nul interdit dans les données envoyées.');
    expect((await inject(testApp.app, { method: 'GET', url: '/api/project/1%00', token: admin })).statusCode).toBe(400);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('refuses the sort key %s with 400', async (key) => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const response = await inject(testApp.app, {
      method: 'GET',
      url: '/api/projects',
      token: admin,
      query: { sort: `${key},asc` },
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('answers 400 to an impossible calendar date, without the SQL in the body', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/delegation/create',
      token: admin,
      payload: { delegateTo: await userIdOf(testApp.db, 'lecteur'), startDate: '2026-02-30', endDate: '2026-03-01' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).not.toMatch(/select|insert|delegations/i);
  });

  it('refuses a document owner that is not in the registry of owners (entity=constructor)', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const boundary = 'fuzzboundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload =
      part('type', '1') +
      part('entity', 'constructor') +
      part('id', '1') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${'n'.repeat(300)}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\n\r\n--${boundary}--\r\n`;
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/document',
      token: admin,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ entity: 'Entité inconnue.' });
  });

  it('refuses a user manual link that is not http(s)', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const id = await userIdOf(testApp.db, 'lecteur');
    const user = (await inject(testApp.app, { method: 'GET', url: `/api/user/${id}`, token: admin })).json();
    const response = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/user/${id}`,
      token: admin,
      payload: { ...user, role: user.role?.id ?? user.role, manager: null, userManualUrl: 'javascript:alert(1)' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.userManualUrl).toBe('Le lien doit commencer par http:// ou https://.');
  });
});

describe('responses', () => {
  it('marks every API response, the login included, Cache-Control: no-store', async () => {
    const loginResponse = await inject(testApp.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'admin' },
    });
    expect(loginResponse.headers['cache-control']).toBe('no-store');
    const profile = await profileOf(testApp.app, loginResponse.json().token);
    expect(profile.headers['cache-control']).toBe('no-store');
    const refused = await profileOf(testApp.app, 'not.a.token');
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
