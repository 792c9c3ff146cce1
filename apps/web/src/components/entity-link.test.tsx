import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAuth } from '../lib/auth-store';
import { makeProfile, renderRoutes, spyFeedback } from '../lib/testing';
import { EntityLink } from './entity-link';

function showLink() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <EntityLink entity="unit" to="/unit/3">
            Mètre linéaire
          </EntityLink>
        ),
      },
      { path: '/unit/:id', element: <p>unit detail</p> },
    ],
    '/',
  );
}

describe('EntityLink', () => {
  afterEach(() => {
    cleanup();
    setAuth({ token: null, profile: null });
  });

  it('is a grey restricted button that warns "no read access" without the read right', async () => {
    const feedback = spyFeedback();
    setAuth({ token: 't', profile: makeProfile() });
    const router = showLink();
    const button = await screen.findByRole('button', { name: /Mètre linéaire/ });
    expect(screen.queryByRole('link')).toBeNull();
    expect(button.className).toContain('isf-restricted-link');
    fireEvent.click(button);
    expect(feedback.warning).toHaveBeenCalledWith('no read access to this entity');
    expect(router.state.location.pathname).toBe('/');
  });

  it('links to the detail route with the read right', async () => {
    spyFeedback();
    const profile = makeProfile();
    setAuth({
      token: 't',
      profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read: ['unit'] } } },
    });
    showLink();
    const link = await screen.findByRole('link', { name: 'Mètre linéaire' });
    expect(link.getAttribute('href')).toBe('/unit/3');
  });
});
