import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** A JSON call to the app's API (GET without a body, POST with one); expects a 200 and returns the body. */
export async function api<T>(route: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** The bearer token of a demo login whose password is its name. */
export async function tokenOf(username: string): Promise<string> {
  return (await api<{ token: string }>('/login', null, { username, password: username })).token;
}
