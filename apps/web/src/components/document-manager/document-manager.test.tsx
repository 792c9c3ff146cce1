import type { EntityCode, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { DocumentManager } from './document-manager';

const kbis = {
  id: 5,
  version: 1,
  filename: 'kbis.pdf',
  comment: 'Extrait 2025',
  size: 2048,
  createdAt: '2025-03-07T10:15:00.000Z',
  typeId: 1,
  typeName: 'Kbis',
};

function signIn(actions: RightAction[], entities: EntityCode[] = ['document', 'document_type', 'company']) {
  const profile = makeProfile();
  const rights = { create: [] as EntityCode[], read: [] as EntityCode[], update: [] as EntityCode[], delete: [] as EntityCode[] };
  for (const action of actions) {
    rights[action] = entities;
  }
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/documenttype')) {
      return reply(200, { content: [{ id: 1, name: 'Kbis', code: 'KBIS' }], totalElements: 1 });
    }
    if (method === 'GET') {
      return reply(200, [kbis]);
    }
    return reply(200, { success: true, id: 6 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function calls(fetchMock: ReturnType<typeof serve>, method: string) {
  return fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
}

function chooseFile(name: string) {
  const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })] } });
}

function show(canDelete = true) {
  renderRoutes([{ path: '/', element: <DocumentManager entity="company" entityId={3} canDelete={canDelete} /> }], '/');
}

describe('DocumentManager', () => {
  beforeEach(() => localStorage.clear());

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("lists the owner's documents with their type, comment, date and size", async () => {
    spyFeedback();
    signIn(['read']);
    const fetchMock = serve();
    show();
    expect(await screen.findByRole('button', { name: 'Télécharger kbis.pdf' })).toBeTruthy();
    expect(screen.getByText('Extrait 2025')).toBeTruthy();
    expect(screen.getByText('07/03/2025')).toBeTruthy();
    expect(screen.getByText('2 Ko')).toBeTruthy();
    expect(calls(fetchMock, 'GET')[0]?.[0]).toBe('/api/documents?entity=company&id=3');
    // Reading only: no upload form, no delete button.
    expect(screen.queryByRole('button', { name: /Ajouter/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer kbis.pdf' })).toBeNull();
  });

  it('says "no file selected" when sending without a file, without calling the server', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'create']);
    const fetchMock = serve();
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Ajouter/ }));
    expect(await screen.findByText('no file selected')).toBeTruthy();
    expect(feedback.alert).not.toHaveBeenCalled();
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
  });

  it('asks to complete all fields when the type is missing, without calling the server', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'create']);
    const fetchMock = serve();
    show();
    await screen.findByRole('button', { name: /Ajouter/ });
    chooseFile('devis.pdf');
    expect(await screen.findByText('devis.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Ajouter/ }));
    await waitFor(() => expect(feedback.alert).toHaveBeenCalledWith({ title: 'Veuillez compléter tous les champs.' }));
    expect(screen.queryByText('no file selected')).toBeNull();
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
  });

  it('sends the file with its type, the owner and the comment, then reloads the list', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'create']);
    const fetchMock = serve();
    show();
    await screen.findByRole('button', { name: /Ajouter/ });
    chooseFile('devis.pdf');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Kbis'));
    fireEvent.change(screen.getByLabelText('Commentaire'), { target: { value: ' Devis signé ' } });
    fireEvent.click(screen.getByRole('button', { name: /Ajouter/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Le document a été ajouté.'));
    const [url, init] = calls(fetchMock, 'POST')[0] ?? [];
    expect(url).toBe('/api/document');
    const body = init?.body as FormData;
    expect((body.get('file') as File).name).toBe('devis.pdf');
    expect([body.get('type'), body.get('entity'), body.get('id'), body.get('comment')]).toEqual([
      '1',
      'company',
      '3',
      'Devis signé',
    ]);
    await waitFor(() => expect(calls(fetchMock, 'GET').filter(([path]) => path.startsWith('/api/documents?'))).toHaveLength(2));
  });

  it('asks before deleting a document, and deletes only after yes', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'delete']);
    const fetchMock = serve();
    show();
    const remove = await screen.findByRole('button', { name: 'Supprimer kbis.pdf' });
    feedback.confirm.mockResolvedValueOnce(false);
    fireEvent.click(remove);
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer ce document ?' }),
    );
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);

    fireEvent.click(remove);
    await waitFor(() => expect(calls(fetchMock, 'DELETE')[0]?.[0]).toBe('/api/document/5'));
  });

  it("offers no deletion without the owner's update right, even with the document delete right", async () => {
    spyFeedback();
    signIn(['read', 'delete']);
    serve();
    show(false);
    await screen.findByRole('button', { name: 'Télécharger kbis.pdf' });
    expect(screen.queryByRole('button', { name: 'Supprimer kbis.pdf' })).toBeNull();
  });
});
