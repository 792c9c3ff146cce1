import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { PasswordChangeModal } from './password-change-modal';

describe('the password change modal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  function open(server: (body: Record<string, string>) => Response) {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => server(JSON.parse(String(init?.body ?? '{}'))));
    vi.stubGlobal('fetch', fetchMock);
    setAuth({ token: 't', profile: makeProfile() });
    const onClose = vi.fn();
    renderRoutes([{ path: '/', element: <PasswordChangeModal open onClose={onClose} /> }], '/');
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    return { fetchMock, onClose, type };
  }

  it('refuses a common password before sending, then sends the current and the new one', { timeout: 60_000 }, async () => {
    const feedback = spyFeedback();
    const { fetchMock, onClose, type } = open(() => reply(200, { success: true }));
    type('Mot de passe actuel', 'ancien mot de passe');
    type('Nouveau mot de passe', 'motdepasse2024');
    type('Confirmation du nouveau mot de passe', 'motdepasse2024');
    fireEvent.click(screen.getByRole('button', { name: 'Changer' }));
    expect(await screen.findByText('Ce mot de passe fait partie des plus courants : choisissez-en un autre.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    type('Nouveau mot de passe', 'cheval agrafe batterie');
    type('Confirmation du nouveau mot de passe', 'cheval agrafe batteri');
    fireEvent.click(screen.getByRole('button', { name: 'Changer' }));
    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeTruthy();

    type('Confirmation du nouveau mot de passe', 'cheval agrafe batterie');
    fireEvent.click(screen.getByRole('button', { name: 'Changer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/user/password', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      currentPassword: 'ancien mot de passe',
      newPassword: 'cheval agrafe batterie',
    });
    expect(feedback.success).toHaveBeenCalledWith('Mot de passe changé.');
  });

  it('shows the server’s refusal of the current password under its field', { timeout: 60_000 }, async () => {
    const message = 'Le mot de passe actuel est incorrect.';
    const { onClose, type } = open(() =>
      reply(400, { error: 'Données invalides.', detail: message, fields: { currentPassword: message } }),
    );
    type('Mot de passe actuel', 'pas le bon');
    type('Nouveau mot de passe', 'cheval agrafe batterie');
    type('Confirmation du nouveau mot de passe', 'cheval agrafe batterie');
    fireEvent.click(screen.getByRole('button', { name: 'Changer' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
