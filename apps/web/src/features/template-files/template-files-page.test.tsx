import type { EntityCode, RightAction } from '@isf/contract';
import { cleanup, screen } from '@testing-library/react';
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
});
