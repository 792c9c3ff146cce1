import { formatMessage, type UserProfile } from '@isf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/platform/tokens.js';
import {
  actingAs,
  createTestApp,
  createTestRole,
  createTestUser,
  inject,
  login,
  type TestApp,
  tokenFor,
  userIdOf,
} from './helper.js';

const INVALID_CREDENTIALS = 'Identifiant ou mot de passe invalide !';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function profileOf(token: string) {
  return inject(testApp.app, { method: 'GET', url: '/api/user/profile', token });
}

describe('POST /api/login', () => {
  it('returns a token that opens the profile when the credentials are right', async () => {
    const token = await login(testApp.app, 'admin', 'admin');
    const response = await profileOf(token);
    expect(response.statusCode).toBe(200);
    expect(response.json<UserProfile>().uid).toBe('admin');
  });

  it.each([
    ['a wrong password', 'admin', 'not-the-password'],
    ['an unknown user', 'nobody-here', 'admin'],
  ])('answers 403 with the invalid-credentials text when given %s', async (_case, username, password) => {
    const response = await inject(testApp.app, { method: 'POST', url: '/api/login', payload: { username, password } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: INVALID_CREDENTIALS });
  });

  it.each([
    ['no field', {}, ['username', 'password']],
    ['no password', { username: 'admin' }, ['password']],
    ['an empty username', { username: '  ', password: 'admin' }, ['username']],
  ])('answers 400 with a French message per field when given %s', async (_case, payload, fields) => {
    const response = await inject(testApp.app, { method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; detail: string; fields: Record<string, string> }>();
    expect(body.error).toBe(formatMessage('error.badInput'));
    expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      expect(body.fields[field]).toMatch(/obligatoire/);
    }
    expect(body.detail).not.toMatch(/invalid input|expected|received/i);
  });

  it('refuses an inactive user with the same text as a wrong password', async () => {
    const roleId = await createTestRole(testApp.db);
    const { uid } = await createTestUser(testApp.db, { roleId, password: 'secret-1', active: false });
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: uid, password: 'secret-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: INVALID_CREDENTIALS });
  });

  it('answers 429 once the login rate limit is reached', async () => {
    const limited = await testApp.variant({ loginRateLimit: 3 });
    const attempt = () =>
      inject(limited, { method: 'POST', url: '/api/login', payload: { username: 'lecteur', password: 'wrong' } });
    for (let count = 0; count < 3; count += 1) {
      expect((await attempt()).statusCode).toBe(403);
    }
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: formatMessage('login.tooManyAttempts') });
    expect(refused.headers['retry-after']).toBeDefined();
    // the right password is refused too while the window lasts
    const rightPassword = await inject(limited, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'lecteur', password: 'lecteur' },
    });
    expect(rightPassword.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('answers 401 "Session expirée" when the token has expired', async () => {
    const token = await tokenFor(testApp.app, await userIdOf(testApp.db, 'admin'), -5);
    const response = await profileOf(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Session expirée' });
  });

  it.each([
    ['signed with another secret', () => createTokenService('another-secret', 3600).issue(1)],
    ['tampered with', async () => `${(await tokenFor(testApp.app, 1)).slice(0, -4)}AAAA`],
    ['not a token at all', async () => 'not.a.token'],
  ])('answers 401 when the token is %s', async (_case, makeToken) => {
    const response = await profileOf(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Session expirée' });
  });

  it('answers 401 when the profile of a valid token has been deactivated', async () => {
    const { token } = await actingAs(testApp, {}, { active: false });
    expect((await profileOf(token)).statusCode).toBe(401);
  });
});

describe('GET /api/user/profile', () => {
  it('returns the role, its menus, rights and options, and the other profiles of the person', async () => {
    const response = await profileOf(await login(testApp.app, 'cdp', 'cdp'));
    expect(response.statusCode).toBe(200);
    const profile = response.json<UserProfile>();
    expect(profile).toMatchObject({ uid: 'cdp', name: 'Camille Chef de projet', canDelegate: true });
    expect(profile.role).toMatchObject({ name: 'Chef de projet', visibility: 2 });
    expect(profile.role.menus.map((menu) => menu.path)).toEqual(expect.arrayContaining(['/', '/projects', '/units']));
    expect(profile.role.menus.map((menu) => menu.path)).not.toContain('/paymenttypes');
    expect(profile.role.rights.read).toEqual(expect.arrayContaining(['project', 'unit', 'payment_type']));
    // the project manager creates nothing of the reference data; it writes work statements and evaluates projects
    expect([...profile.role.rights.create].sort()).toEqual(['attachement', 'evaluation_project']);
    expect(profile.role.options).toEqual(
      expect.arrayContaining(['userinterface.display_help_menu', 'userinterface.display_my_actions_menu']),
    );
    expect(profile.profiles).toEqual([expect.objectContaining({ uid: 'cdp.acheteur', roleName: 'Acheteur', active: true })]);
  });

  it('answers 422 with the profile anomaly text when a visibility-2 profile has no project', async () => {
    const { token } = await actingAs(testApp, { visibility: 2, read: ['project'] });
    const response = await profileOf(token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: formatMessage('login.profileAnomaly') });
  });

  it('answers 422 when a visibility-3 profile has no manager, and 200 once it has one', async () => {
    const { token } = await actingAs(testApp, { visibility: 3 });
    expect((await profileOf(token)).statusCode).toBe(422);
    const managed = await actingAs(testApp, { visibility: 3 }, { managerId: await userIdOf(testApp.db, 'cdp') });
    expect((await profileOf(managed.token)).statusCode).toBe(200);
  });
});

describe('POST /api/user/change-profile', () => {
  it('returns a token whose profile is the Acheteur role when cdp switches to cdp.acheteur', async () => {
    const token = await login(testApp.app, 'cdp', 'cdp');
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/change-profile',
      token,
      payload: { username: 'cdp.acheteur' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string }>();
    expect(body.success).toBe(true);
    const switched = (await profileOf(body.token)).json<UserProfile>();
    expect(switched.uid).toBe('cdp.acheteur');
    expect(switched.role.name).toBe('Acheteur');
    expect(switched.profiles.map((profile) => profile.uid)).toEqual(['cdp']);

    const back = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/change-profile',
      token: body.token,
      payload: { username: 'cdp' },
    });
    expect(back.statusCode).toBe(200);
    expect((await profileOf(back.json<{ token: string }>().token)).json<UserProfile>().role.name).toBe('Chef de projet');
  });

  it.each(['lecteur', 'admin', 'nobody-here'])('answers 403 when cdp asks for the profile of %s', async (username) => {
    const token = await login(testApp.app, 'cdp', 'cdp');
    const response = await inject(testApp.app, { method: 'POST', url: '/api/user/change-profile', token, payload: { username } });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ token?: string }>().token).toBeUndefined();
  });
});

describe('GET /api/version', () => {
  it('answers the API version as text without a token', async () => {
    const response = await inject(testApp.app, { method: 'GET', url: '/api/version' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(testApp.config.apiVersion);
  });
});
