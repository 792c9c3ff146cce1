import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { ProjectCreateModal } from './project-create-modal';

function showModal() {
  return renderRoutes(
    [
      { path: '/projects', element: <ProjectCreateModal open onClose={() => undefined} /> },
      { path: '/project/:id', element: <p>detail</p> },
    ],
    '/projects',
  );
}

function posts(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
}

describe('ProjectCreateModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a 2-character code and a generation day of 29 without calling the server', async () => {
    spyFeedback();
    const fetchMock = vi.fn(async () => reply(200, { success: true, id: 12 }));
    vi.stubGlobal('fetch', fetchMock);
    showModal();
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: 'Fibre Lille' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AB' } });
    fireEvent.change(screen.getByLabelText('Jour de génération mensuelle'), { target: { value: '29' } });
    fireEvent.click(screen.getByText('Créer'));
    expect(await screen.findByText('Ce champ doit contenir au moins 3 caractères.')).toBeTruthy();
    expect(await screen.findByText('Le jour de génération doit être vide ou compris entre 01 et 28.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('posts a valid project with its generation day on two digits and opens it', async () => {
    spyFeedback();
    const fetchMock = vi.fn(async () => reply(200, { success: true, id: 12 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = showModal();
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: 'Fibre Lille' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'LIL' } });
    fireEvent.change(screen.getByLabelText('Jour de génération mensuelle'), { target: { value: '5' } });
    fireEvent.click(screen.getByText('Créer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/12'));
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(url).toBe('/api/project');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      name: 'Fibre Lille',
      code: 'LIL',
      typeId: null,
      managerId: null,
      address: null,
      businessUnitId: null,
      msGenerationDate: '05',
      paymentGuarantee: false,
      shareFiles: false,
    });
  });
});
