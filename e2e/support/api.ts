import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** A JSON call to the app's API with this method; expects a 200 and returns the body. */
export async function apiCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** A JSON call to the app's API (GET without a body, POST with one); expects a 200 and returns the body. */
export function api<T>(route: string, token: string | null, body?: unknown): Promise<T> {
  return apiCall<T>(body === undefined ? 'GET' : 'POST', route, token, body);
}

/** The bearer token of a demo login whose password is its name. */
export async function tokenOf(username: string): Promise<string> {
  return (await api<{ token: string }>('/login', null, { username, password: username })).token;
}

type WorkflowToken = { id: number; version: number; node: { id: number; nodeCode: string } };
type WorkflowTransition = { id: number; transitionCode: string; disabled?: boolean };

/** Moves a work item through the API along the link of this code (a journey's setup, not its steps). */
export async function moveByApi(entity: string, id: number, transitionCode: string, token: string): Promise<void> {
  const current = await api<WorkflowToken>(`/wftoken/${entity}/${id}`, token);
  const transitions = await api<WorkflowTransition[]>(`/node/${current.node.id}/transitions/${id}`, token);
  const transition = transitions.find((entry) => entry.transitionCode === transitionCode && !entry.disabled);
  expect(transition, `${transitionCode} from ${current.node.nodeCode}`).toBeDefined();
  await api(`/wftoken/move/${current.id}/${transition?.id}`, token, { version: current.version });
}
