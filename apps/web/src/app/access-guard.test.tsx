import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../lib/auth-store';
import { setEditing } from '../lib/edit-mode';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../lib/testing';
import { canOpenPath } from './route-access';
import { appRoutes } from './router';

vi.mock('../features/reference/reference-routes', async () => {
  const { createElement } = await import('react');
  const referenceRoutes = [
    { path: '/units', entity: 'unit', element: createElement('p', null, 'units list') },
    { path: '/projecttypes', entity: 'project_type', element: createElement('p', null, 'project types list') },
  ];
  return { referenceRoutes, referenceRoutesWith: () => referenceRoutes };
});

describe('route access', () => {
  let feedback: ReturnType<typeof spyFeedback>;

  beforeEach(() => {
    feedback = spyFeedback();
    setEditing(false);
    const profile = makeProfile();
    setAuth({ token: 'abc', profile, activeProfile: profile.uid });
    // the home screen's process table reads a list of nodes; the other calls of the shell and home screen
    // only need an answer (the footer shows the version)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/dashboard/nodes') ? reply(200, []) : reply(200, '2025.10.20'))),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a route without the read right on its entity', () => {
    const profile = makeProfile();
    expect(canOpenPath(profile, '/units')).toBe(false);
    expect(canOpenPath(profile, '/')).toBe(true);
    expect(
      canOpenPath(makeProfile({ role: { ...profile.role, rights: { ...profile.role.rights, read: ['unit'] } } }), '/units'),
    ).toBe(true);
  });

  it('alerts "access not granted" and stays on the current screen when a link leads to a forbidden route', async () => {
    const profile = makeProfile();
    const menus = [
      { id: 1, title: 'Accueil', path: '/', parent: null },
      { id: 3, title: 'Unités', path: '/units', parent: null },
    ];
    setAuth({ profile: { ...profile, role: { ...profile.role, menus } } });
    const router = renderRoutes(appRoutes, '/');
    fireEvent.click(await screen.findByRole('link', { name: /Unités/ }));
    await waitFor(() => expect(feedback.alert).toHaveBeenCalledWith({ title: 'access not granted' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('units list')).toBeNull();
  });

  it('alerts and goes home on a first load of a forbidden URL', async () => {
    const router = renderRoutes(appRoutes, '/units');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(feedback.alert).toHaveBeenCalledWith({ title: 'access not granted' });
    expect(screen.queryByText('units list')).toBeNull();
  });

  it('opens a route with the read right', async () => {
    const profile = makeProfile();
    setAuth({ profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read: ['unit'] } } } });
    const router = renderRoutes(appRoutes, '/');
    fireEvent.click(await screen.findByRole('link', { name: /Unités/ }));
    expect(await screen.findByText('units list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/units');
    expect(feedback.alert).not.toHaveBeenCalled();
  });

  it('asks before leaving a screen in edit mode and stays when the user declines', async () => {
    const profile = makeProfile();
    setAuth({ profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read: ['unit'] } } } });
    feedback.confirm.mockResolvedValue(false);
    const router = renderRoutes(appRoutes, '/');
    await screen.findByRole('link', { name: /Unités/ });
    setEditing(true);
    fireEvent.click(screen.getAllByRole('link', { name: /Unités/ })[0] as HTMLElement);
    await waitFor(() => expect(feedback.confirm).toHaveBeenCalledWith({ content: expect.stringContaining('mode édition') }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out user to /login', async () => {
    setAuth({ token: null, profile: null });
    const router = renderRoutes(appRoutes, '/units');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
