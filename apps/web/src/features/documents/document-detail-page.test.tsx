import type { EntityCode, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { DocumentDetailPage } from './document-detail-page';

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>, options: string[] = []): void {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, options, rights: { create: [], read: [], update: [], delete: [], ...rights } },
    },
  });
}

const detail = (nodeCode: string, canDelete: boolean, owner: object = {}) => ({
  id: 40,
  version: 1,
  filename: 'contrat signé.pdf',
  comment: 'Version finale',
  size: 2048,
  createdAt: '2026-01-02T09:00:00Z',
  entity: 'company',
  entityId: 3,
  ownerName: 'Fibre Ouest',
  ownerParentId: null,
  typeName: 'Kbis',
  statusWF: nodeCode === 'doc_validated' ? 'Validé' : 'Brouillon',
  nodeCode,
  canDelete,
  ...owner,
});

function serve(nodeCode: string, canDelete: boolean, deletion = reply(200, { success: true }), owner: object = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/documents/40') {
      return reply(200, detail(nodeCode, canDelete, owner));
    }
    if (url === '/api/document/40/validators') {
      return reply(200, [
        {
          id: -5,
          user: { id: 9, name: 'Claire Chef', roleName: 'Chef de projet' },
          isValidated: true,
          decision: 'validated',
          validationDate: '2026-01-04T10:00:00Z',
          comment: 'Conforme au modèle',
        },
      ]);
    }
    if (url === '/api/document/40' && init?.method === 'DELETE') {
      return deletion;
    }
    if (url.startsWith('/api/wftoken/')) {
      return reply(404, { error: 'introuvable' });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show(path = '/document/40') {
  return renderRoutes(
    [
      { path: '/document/:id', element: <DocumentDetailPage /> },
      { path: '/documents/:id', element: <DocumentDetailPage /> },
      { path: '/documents', element: <p>liste</p> },
    ],
    path,
  );
}

describe('DocumentDetailPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the document, its validators, and offers signature only once validated, with the option', async () => {
    spyFeedback();
    serve('doc_validated', false);
    signIn({ read: ['document', 'company'], update: ['document'], delete: ['document'] }, ['envelopes.can_send_for_signature']);
    show('/documents/40');
    expect(await screen.findByText('Document : contrat signé.pdf')).toBeTruthy();
    expect(await screen.findByText('Conforme au modèle')).toBeTruthy();
    expect(screen.getByText('Claire Chef')).toBeTruthy();
    // the owner's rule says no: no delete button
    expect(screen.queryByText('Supprimer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Envoyer à la signature/ }));
    expect(await screen.findByText('Signataire 1')).toBeTruthy();
  });

  it("names the envelope a document belongs to, links it to its contract's Envelopes tab, and leaves signing to the envelope", async () => {
    spyFeedback();
    serve('doc_validated', false, undefined, {
      entity: 'envelope',
      entityId: 4,
      ownerName: 'Contrat cadre et annexes',
      ownerParentId: 7,
    });
    signIn({ read: ['document', 'envelope', 'contract'], update: ['document'] }, ['envelopes.can_send_for_signature']);
    show();
    const link = await screen.findByRole('link', { name: 'Enveloppe : Contrat cadre et annexes' });
    expect(link.getAttribute('href')).toBe('/sst/contract/7?envelopeId=4');
    expect(screen.queryByText('Enveloppe : 4')).toBeNull();
    expect(screen.queryByText('Envoyer à la signature')).toBeNull();
  });

  it('offers no signature before validation nor without the option', async () => {
    spyFeedback();
    serve('doc_draft', true);
    signIn({ read: ['document', 'company'], update: ['document'], delete: ['document'] });
    show();
    expect(await screen.findByText('Document : contrat signé.pdf')).toBeTruthy();
    expect(screen.queryByText('Envoyer à la signature')).toBeNull();
    expect(screen.getByRole('button', { name: /Supprimer/ })).toBeTruthy();
  });

  it('says a refused deletion and stays; a deletion goes back to the list', async () => {
    const feedback = spyFeedback();
    serve('doc_draft', true, reply(422, { error: 'Les documents ne se suppriment qu’en brouillon.' }));
    signIn({ read: ['document', 'company'], delete: ['document'] });
    const router = show();
    fireEvent.click(await screen.findByRole('button', { name: /Supprimer/ }));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith('Les documents ne se suppriment qu’en brouillon.'));
    expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer ce document ?' });
    expect(router.state.location.pathname).toBe('/document/40');
    cleanup();
    serve('doc_draft', true);
    const next = show();
    fireEvent.click(await screen.findByRole('button', { name: /Supprimer/ }));
    await waitFor(() => expect(next.state.location.pathname).toBe('/documents'));
  });
});
