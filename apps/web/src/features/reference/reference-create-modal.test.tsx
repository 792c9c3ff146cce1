import { RESOURCES } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { ReferenceCreateModal } from './reference-create-modal';

function showModal() {
  return renderRoutes(
    [
      { path: '/units', element: <ReferenceCreateModal definition={RESOURCES.units} open onClose={() => undefined} /> },
      { path: '/unit/:id', element: <p>detail</p> },
    ],
    '/units',
  );
}

function posts(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
}

describe('ReferenceCreateModal', () => {
  beforeEach(() => {
    spyFeedback();
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses an empty name without calling the server', async () => {
    const fetchMock = vi.fn(async () => reply(200, { success: true, id: 9 }));
    vi.stubGlobal('fetch', fetchMock);
    showModal();
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('asks only the creation fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, {})),
    );
    showModal();
    expect(await screen.findByLabelText('Nom')).toBeTruthy();
    expect(screen.getByLabelText('Code Oracle')).toBeTruthy();
    expect(screen.queryByLabelText('ID')).toBeNull();
  });

  it('shows the field errors of the server under the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(400, { error: 'Données invalides.', fields: { name: 'Un élément avec cette valeur existe déjà.' } }),
      ),
    );
    showModal();
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: 'Mètre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Un élément avec cette valeur existe déjà.')).toBeTruthy();
  });

  it('posts the trimmed fields and opens the new record', async () => {
    const fetchMock = vi.fn(async () => reply(200, { success: true, id: 9 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = showModal();
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: '  Kilomètre ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unit/9'));
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(url).toBe('/api/unit');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ name: 'Kilomètre', oracleCode: null });
  });
});
