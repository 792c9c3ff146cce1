import type { EntityCode } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { ProjectImputationsTab } from './project-imputations-tab';

const TOO_SHORT = "L'eOTP doit contenir au moins 10 caractères (plus que le code projet).";

function signIn() {
  const profile = makeProfile();
  const imputation: EntityCode[] = ['imputation'];
  const rights = { create: imputation, read: imputation, update: imputation, delete: imputation };
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

describe('ProjectImputationsTab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("shows the server's eOTP error under the field of the create modal", async () => {
    spyFeedback();
    signIn();
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? reply(400, { error: 'Données invalides.', detail: TOO_SHORT, fields: { eotp: TOO_SHORT } })
        : reply(200, [
            {
              id: 1,
              version: 1,
              eotp: 'P01-BOR-1-01',
              description: 'Génie civil',
              active: true,
              nbOsValidatedOrClosed: 2,
              nbAttachementPayed: 1,
              totalOsValidatedOrClosed: '1250.50',
              totalAttachementPayed: '300.00',
            },
          ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <ProjectImputationsTab projectId={1} /> }], '/');
    expect(await screen.findByText('P01-BOR-1-01')).toBeTruthy();
    expect(screen.getByText(/1\s250,50\s€/)).toBeTruthy();

    fireEvent.click(screen.getByText('Ajouter une imputation'));
    fireEvent.change(await screen.findByLabelText('eOTP'), { target: { value: 'P01' } });
    fireEvent.click(screen.getByText('Créer'));
    expect(await screen.findByText(TOO_SHORT, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/imputation/create');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ projectId: 1, eotp: 'P01', description: null, active: true });
  });
});
