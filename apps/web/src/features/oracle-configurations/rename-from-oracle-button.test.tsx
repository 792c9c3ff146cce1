import type { EntityCode } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { RenameFromOracleButton } from './rename-from-oracle-button';

const RENAME = /Renommer depuis Oracle/;
const user = { id: 12, name: 'Camille Chef de projet' };

function signIn(read: EntityCode[]) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read, update: [], delete: [] } } },
  });
}

function render(onRenamed: () => Promise<void>) {
  renderRoutes([{ path: '/', element: <RenameFromOracleButton user={user} onRenamed={onRenamed} /> }], '/');
}

describe('RenameFromOracleButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('is hidden without the read right on the Oracle configuration', () => {
    signIn(['user']);
    render(async () => undefined);
    expect(screen.queryByRole('button', { name: RENAME })).toBeNull();
  });

  it('asks first, renames through the API, says so and reloads the user', async () => {
    const feedback = spyFeedback();
    const fetchMock = vi.fn(async (_url: string) =>
      reply(200, { success: true, name: 'Camille Dupuy', changed: true, renamedIds: [12, 13], personNumber: '104203' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onRenamed = vi.fn(async () => undefined);
    signIn(['user', 'oracle_configuration']);
    render(onRenamed);
    fireEvent.click(screen.getByRole('button', { name: RENAME }));
    await waitFor(() => expect(onRenamed).toHaveBeenCalled());
    expect(feedback.confirm).toHaveBeenCalledWith({
      content:
        'Remplacer le nom de Camille Chef de projet (et de ses profils) par celui de la personne Oracle qui a son adresse mail ?',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/oracle/user/12/rename');
    expect(feedback.success).toHaveBeenCalledWith("L'utilisateur porte maintenant le nom connu d'Oracle : Camille Dupuy.");
  });

  it("shows Oracle's refusal and does not reload", async () => {
    const feedback = spyFeedback();
    const refusal = "Aucune personne n'a l'adresse sst@isf.example dans Oracle : le nom n'a pas été changé.";
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(422, { error: refusal, detail: refusal })),
    );
    const onRenamed = vi.fn(async () => undefined);
    signIn(['oracle_configuration']);
    render(onRenamed);
    fireEvent.click(screen.getByRole('button', { name: RENAME }));
    await waitFor(() => expect(feedback.alert).toHaveBeenCalledWith({ title: refusal, content: undefined }));
    expect(onRenamed).not.toHaveBeenCalled();
    expect(feedback.success).not.toHaveBeenCalled();
  });
});
