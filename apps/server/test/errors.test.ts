import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, login, type TestApp } from './helper.js';

let testApp: TestApp;
let admin: string;
let reader: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  reader = await login(testApp.app, 'lecteur', 'lecteur');
});

afterAll(async () => {
  await testApp.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it.each([
    ['a success', () => ({ method: 'GET' as const, url: '/api/version' })],
    ['a 400', () => ({ method: 'GET' as const, url: '/api/unit/abc', token: admin })],
    ['a 401', () => ({ method: 'GET' as const, url: '/api/user/profile' })],
    ['a 403', () => ({ method: 'GET' as const, url: '/api/payment_types', token: reader })],
    ['a 404', () => ({ method: 'GET' as const, url: '/api/nothing-here', token: admin })],
    ['a page outside /api', () => ({ method: 'GET' as const, url: '/' })],
  ])('puts an x-request-id header on %s', async (_case, request) => {
    const response = await inject(testApp.app, request());
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('gives each request its own id', async () => {
    const first = await inject(testApp.app, { method: 'GET', url: '/api/version' });
    const second = await inject(testApp.app, { method: 'GET', url: '/api/version' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('echoes a sane incoming request id', async () => {
    const response = await inject(testApp.app, {
      method: 'GET',
      url: '/api/version',
      headers: { 'x-request-id': 'front-1234.abc_DEF' },
    });
    expect(response.headers['x-request-id']).toBe('front-1234.abc_DEF');
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(101)],
    ['with markup', 'abcdefgh<script>'],
    ['with spaces', 'abcd efgh ijkl'],
  ])('replaces an incoming request id that is %s', async (_case, incoming) => {
    const response = await inject(testApp.app, { method: 'GET', url: '/api/version', headers: { 'x-request-id': incoming } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('error replies', () => {
  it('answers 404 in JSON to an unknown /api path, with or without a token', async () => {
    for (const token of [admin, undefined]) {
      const response = await inject(testApp.app, { method: 'GET', url: '/api/does/not/exist', token });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: "Cet élément n'existe pas ou ne peut pas être affiché.",
        path: '/api/does/not/exist',
      });
    }
  });

  it('answers 404 to a method a path does not offer', async () => {
    const response = await inject(testApp.app, { method: 'PATCH', url: '/api/unit/1', token: admin, payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 in JSON to a body that is not valid JSON', async () => {
    for (const [url, token] of [
      ['/api/login', undefined],
      ['/api/unit', admin],
    ] as const) {
      const response = await inject(testApp.app, {
        method: 'POST',
        url,
        token,
        payload: '{"name": "unterminated',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toBe('Données invalides.');
    }
  });

  it('answers 400 to a body of the wrong JSON type', async () => {
    const response = await inject(testApp.app, { method: 'POST', url: '/api/unit', token: admin, payload: [1, 2] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Données invalides.');
  });

  it('never answers 500 to malformed input', async () => {
    const attempts = [
      { method: 'POST' as const, url: '/api/unit', payload: 'name=x', headers: { 'content-type': 'text/plain' } },
      { method: 'POST' as const, url: '/api/unit', payload: { name: 42 } },
      { method: 'PUT' as const, url: '/api/unit/1', payload: { name: 'x', version: 'latest' } },
      { method: 'PUT' as const, url: '/api/unit/1', payload: { name: 'x', version: 1e20 } },
      { method: 'GET' as const, url: '/api/unit?filters=%7B%22name%22%3A%7B%7D%7D' },
      { method: 'GET' as const, url: '/api/projects?page=1e400' },
      { method: 'GET' as const, url: '/api/unit/%00' },
    ];
    for (const attempt of attempts) {
      const response = await inject(testApp.app, { ...attempt, token: admin });
      expect(response.statusCode, `${attempt.method} ${attempt.url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${attempt.method} ${attempt.url}: ${response.body}`).toBeLessThan(500);
    }
  });

  it('answers 500 with the request id and no internal detail when a handler fails', async () => {
    const app = await testApp.variant({}, (unready) => {
      unready.get('/api/test-failure', { config: { access: { kind: 'public' } } }, async () => {
        throw new Error('connection string postgres://secret');
      });
    });
    const response = await inject(app, { method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    const requestId = String(response.headers['x-request-id']);
    expect(response.json()).toEqual({ error: `Une erreur est survenue. RequestId: ${requestId}`, requestId });
    expect(response.body).not.toContain('secret');
  });
});

describe('security headers', () => {
  it.each(['/api/version', '/api/nothing-here', '/'])('sends the content security policy and nosniff on %s', async (url) => {
    const response = await inject(testApp.app, { method: 'GET', url });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('validation messages in French (issue 15)', () => {
  it('answers each invalid field with a French message a person can act on, never zod English', async () => {
    const role = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: { name: 'Rôle sans visibilité', description: 'x', visibility: 'haute', menus: 'tous', ftth: 'oui' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().fields).toEqual({
      visibility: 'Ce champ doit être un nombre.',
      menus: 'Ce champ doit être une liste.',
      ftth: 'Le profil FTTH est vrai ou faux.',
    });

    const category = await inject(testApp.app, {
      method: 'PUT',
      url: '/api/category/1',
      token: admin,
      payload: { name: 'x'.repeat(300), parent: 1, version: 'deux' },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().fields).toMatchObject({
      name: 'Ce champ doit contenir au plus 255 caractères.',
      version: 'Ce champ doit être un nombre.',
    });

    for (const response of [role, category]) {
      expect(response.body).not.toMatch(/Invalid|expected|received|Too (big|small)/);
    }
  });

  it('words the typical failures in French: required, too short, not a number, unknown choice, impossible date', async () => {
    const missing = await inject(testApp.app, { method: 'POST', url: '/api/role', token: admin, payload: { visibility: 1 } });
    const short = await inject(testApp.app, {
      method: 'POST',
      url: '/api/user/password',
      token: admin,
      payload: { currentPassword: 'admin', newPassword: 'court' },
    });
    const notNumber = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: { name: 'Rôle chiffré', description: 'x', visibility: 'deux' },
    });
    const unknownChoice = await inject(testApp.app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: { name: 'Rôle optionnel', description: 'x', visibility: 1, options: ['tout.faire'] },
    });
    const impossibleDate = await inject(testApp.app, {
      method: 'POST',
      url: '/api/delegation/create',
      token: admin,
      payload: { delegateTo: 1, startDate: '2026-02-30', endDate: '2026-03-02' },
    });
    const cases = [
      [missing, 'name', 'Ce champ est obligatoire.'],
      [short, 'newPassword', 'Le mot de passe doit contenir au moins 12 caractères.'],
      [notNumber, 'visibility', 'Ce champ doit être un nombre.'],
      [unknownChoice, 'options.0', 'Option inconnue.'],
      [impossibleDate, 'startDate', 'Début : date invalide (format AAAA-MM-JJ).'],
    ] as const;
    for (const [response, field, message] of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json().fields?.[field]).toBe(message);
      expect(response.body).not.toMatch(/Invalid|expected|received|Too (big|small)|must/);
    }
  });
});
