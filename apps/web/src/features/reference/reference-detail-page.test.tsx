import { type EntityCode, RESOURCES, type RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { isEditing } from '../../lib/edit-mode';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { ReferenceDetailPage } from './reference-detail-page';

type Handler = (method: string, url: string, body: unknown) => Response;

function signIn(actions: RightAction[], entity: EntityCode = 'unit') {
  const profile = makeProfile();
  const rights = { ...profile.role.rights };
  for (const action of actions) {
    rights[action] = [...rights[action], entity];
  }
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

function serve(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    handler(init?.method ?? 'GET', url, init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const unit = { id: 1, version: 1, name: 'Mètre linéaire', oracleCode: 'ML' };

function showUnit() {
  return renderRoutes(
    [
      { path: '/unit/:id', element: <ReferenceDetailPage definition={RESOURCES.units} /> },
      { path: '/units', element: <p>units list</p> },
    ],
    '/unit/1',
  );
}

function calls(fetchMock: ReturnType<typeof serve>, method: string) {
  return fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
}

describe('ReferenceDetailPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('edits, then saves the fields with the version and leaves edit mode', async () => {
    spyFeedback();
    signIn(['read', 'update']);
    const fetchMock = serve((method, _url, body) =>
      method === 'PUT'
        ? reply(200, { success: true, id: 1, record: { ...unit, ...(body as object), version: 2 } })
        : reply(200, unit),
    );
    showUnit();
    // the field loaded with the record (the form's reset on load mounts its inputs anew)
    const name = await screen.findByDisplayValue('Mètre linéaire');
    expect(screen.getByLabelText('Nom')).toBe(name);
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    expect(isEditing()).toBe(true);
    expect((name as HTMLInputElement).disabled).toBe(false);
    fireEvent.change(name, { target: { value: 'Mètre' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));

    await waitFor(() => expect(isEditing()).toBe(false));
    expect(calls(fetchMock, 'PUT')[0]?.[0]).toBe('/api/unit/1');
    expect(JSON.parse(String(calls(fetchMock, 'PUT')[0]?.[1]?.body))).toEqual({ name: 'Mètre', oracleCode: 'ML', version: 1 });
  });

  it('cancels: leaves edit mode and reloads the record', async () => {
    spyFeedback();
    signIn(['read', 'update']);
    const fetchMock = serve(() => reply(200, unit));
    showUnit();
    const name = await screen.findByDisplayValue('Mètre linéaire');
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(name, { target: { value: 'Autre' } });
    fireEvent.click(screen.getByRole('button', { name: /Annuler/ }));
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Mètre linéaire'));
    expect(isEditing()).toBe(false);
    expect(calls(fetchMock, 'GET')).toHaveLength(2);
  });

  it('reloads the record when the save is refused as stale (409)', async () => {
    spyFeedback();
    signIn(['read', 'update']);
    let current = unit;
    const fetchMock = serve((method) => {
      if (method === 'PUT') {
        current = { ...unit, name: 'Changé ailleurs', version: 2 };
        return reply(409, { error: 'stale', currentVersion: 2 });
      }
      return reply(200, current);
    });
    showUnit();
    const name = await screen.findByDisplayValue('Mètre linéaire');
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(name, { target: { value: 'Mon nom' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Changé ailleurs'));
    expect(calls(fetchMock, 'GET')).toHaveLength(2);
    expect(isEditing()).toBe(false);
  });

  it('shows the field errors of a 400 under the fields and stays in edit mode', async () => {
    spyFeedback();
    signIn(['read', 'update']);
    serve((method) =>
      method === 'PUT' ? reply(400, { error: 'Données invalides.', fields: { oracleCode: 'Code refusé.' } }) : reply(200, unit),
    );
    showUnit();
    await screen.findByDisplayValue('Mètre linéaire');
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByText('Code refusé.')).toBeTruthy();
    expect(isEditing()).toBe(true);
  });

  it('refuses to save an emptied required field', async () => {
    spyFeedback();
    signIn(['read', 'update']);
    const fetchMock = serve(() => reply(200, unit));
    showUnit();
    const name = await screen.findByDisplayValue('Mètre linéaire');
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(calls(fetchMock, 'PUT')).toHaveLength(0);
  });

  it('asks before deleting, then goes back to the list', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'delete']);
    const fetchMock = serve((method) => (method === 'DELETE' ? reply(200, { success: true }) : reply(200, unit)));
    const router = showUnit();
    await screen.findByDisplayValue('Mètre linéaire');
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
    feedback.confirm.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: /Supprimer/ }));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer cet élément ?' }),
    );
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /Supprimer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/units'));
    expect(calls(fetchMock, 'DELETE')[0]?.[0]).toBe('/api/unit/1');
  });
});
