import type { EntityCode, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { CONTRACT_TEMPLATES } from './template-files.api';
import { TemplateFilesPage } from './template-files-page';

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>): void {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, options: [], rights: { create: [], read: [], update: [], delete: [], ...rights } },
    },
  });
}

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/contracttemplate') {
      return reply(200, [
        {
          id: 2,
          templateName: 'Contrat cadre 2026',
          filename: 'cadre.pdf',
          size: 10,
          createdAt: '2026-01-02T09:00:00Z',
          documentTypeId: 1,
          documentTypeName: 'Contrat',
        },
      ]);
    }
    return reply(200, { content: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('TemplateFilesPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('offers neither upload nor delete without the rights', async () => {
    spyFeedback();
    serve();
    signIn({ read: ['contract_template'] });
    renderRoutes(
      [{ path: '/contracttemplates', element: <TemplateFilesPage kind={CONTRACT_TEMPLATES} /> }],
      '/contracttemplates',
    );
    expect(await screen.findByText('Contrat cadre 2026')).toBeTruthy();
    expect(screen.queryByLabelText('Supprimer Contrat cadre 2026')).toBeNull();
    expect(screen.queryByRole('button', { name: /Téléverser/ })).toBeNull();
  });

  it('says "Veuillez sélectionner un fichier" when the name is given without a file, and sends nothing', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({ read: ['contract_template', 'document_type'], create: ['contract_template'] });
    renderRoutes(
      [{ path: '/contracttemplates', element: <TemplateFilesPage kind={CONTRACT_TEMPLATES} /> }],
      '/contracttemplates',
    );
    fireEvent.click(await screen.findByRole('button', { name: /Téléverser/ }));
    const dialog = await screen.findByRole('dialog');
    // the form fields a contract template may carry are listed for whoever prepares one
    expect(dialog.textContent).toContain('contractNumber, documentType, agency, company');
    const send = () => fireEvent.click(screen.getAllByRole('button', { name: /Téléverser/ }).at(-1) as HTMLElement);
    send();
    expect(await screen.findByText('Le nom du modèle est obligatoire.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nom du modèle'), { target: { value: 'Contrat cadre' } });
    send();
    expect(await screen.findByText('Veuillez sélectionner un fichier')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/create'))).toBe(false);

    // a file chosen: the message goes and the upload is sent
    const file = new File(['%PDF-1.7'], 'cadre.pdf', { type: 'application/pdf' });
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => expect(screen.queryByText('Veuillez sélectionner un fichier')).toBeNull());
    send();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/contracttemplate/create')).toBe(true));
  });
});
