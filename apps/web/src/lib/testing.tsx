import type { UserProfile } from '@isf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import './i18n';
import './i18n/screens';
import { type Feedback, setFeedback } from './feedback';

// antd's menu and overflow measure themselves; jsdom has no ResizeObserver.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** A signed-in profile for tests: reads projects only, with a reference folder holding the units list. */
export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 7,
    uid: 'lecteur',
    name: 'Louis Lecteur',
    mail: null,
    phone: null,
    engagement: '0',
    userManualUrl: null,
    role: {
      id: 2,
      name: 'Consultation',
      visibility: 1,
      menus: [
        { id: 1, title: 'Accueil', path: '/', parent: null },
        { id: 2, title: 'Référentiel', path: null, parent: null },
        { id: 3, title: 'Unités', path: '/units', parent: 2 },
      ],
      rights: { create: [], read: ['project'], update: [], delete: [] },
      options: [],
    },
    profiles: [],
    canDelegate: false,
    ftth: false,
    ...overrides,
  };
}

/** Replaces the alerts and toasts with spies. */
export function spyFeedback() {
  const feedback = {
    alert: vi.fn<Feedback['alert']>(),
    warning: vi.fn<Feedback['warning']>(),
    error: vi.fn<Feedback['error']>(),
    success: vi.fn<Feedback['success']>(),
    confirm: vi.fn<Feedback['confirm']>(async () => true),
  };
  setFeedback(feedback);
  return feedback;
}

/** Renders routes in a memory router with the app's providers. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

/** A fetch reply as the server sends it: JSON or text, with a request id. */
export function reply(status: number, body: unknown, requestId = 'req-1'): Response {
  const isText = typeof body === 'string';
  return new Response(isText ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': isText ? 'text/plain' : 'application/json', 'x-request-id': requestId },
  });
}

/**
 * Types a date dd/mm/yyyy into a date field (the shared antd picker) and confirms it with Enter, as a user
 * does; '' clears it.
 */
export function typeDate(input: HTMLElement, ddmmyyyy: string) {
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: ddmmyyyy } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Clears a date field (the shared antd picker) with its clear button, as a user does. */
export function clearDate(input: HTMLElement) {
  const clear = input.closest('.ant-picker')?.querySelector('.ant-picker-clear');
  if (!clear) {
    throw new Error('the date field has no clear button (is it empty?)');
  }
  fireEvent.click(clear);
}
