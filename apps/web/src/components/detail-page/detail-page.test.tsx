import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { isEditing } from '../../lib/edit-mode';
import { makeProfile, renderRoutes, spyFeedback } from '../../lib/testing';
import { DetailPage } from './detail-page';

function showTabs() {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, update: ['unit'] } } },
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <DetailPage
            title="Unité"
            entity="unit"
            listRoute="/units"
            onSave={async () => true}
            onReload={async () => undefined}
            tabs={[
              { key: 'info', label: 'Informations', children: <p>first tab</p> },
              { key: 'more', label: 'Suite', children: <p>second tab</p> },
            ]}
          />
        ),
      },
    ],
    '/',
  );
}

describe('DetailPage', () => {
  afterEach(() => {
    cleanup();
    setAuth({ token: null, profile: null });
  });

  it('changes tab at once outside edit mode', async () => {
    const feedback = spyFeedback();
    showTabs();
    fireEvent.click(await screen.findByRole('tab', { name: 'Suite' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Suite' }).getAttribute('aria-selected')).toBe('true'));
    expect(feedback.confirm).not.toHaveBeenCalled();
  });

  it('asks before changing tab in edit mode and stays when refused', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValueOnce(false);
    showTabs();
    fireEvent.click(await screen.findByRole('button', { name: /Modifier/ }));
    expect(isEditing()).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Suite' }));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({
        content: "Le changement d'onglet en mode édition peut provoquer une perte de donnée.",
      }),
    );
    expect(screen.getByRole('tab', { name: 'Informations' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Suite' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Suite' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('leaves edit mode when the screen is left', async () => {
    spyFeedback();
    showTabs();
    fireEvent.click(await screen.findByRole('button', { name: /Modifier/ }));
    expect(isEditing()).toBe(true);
    cleanup();
    expect(isEditing()).toBe(false);
  });
});
