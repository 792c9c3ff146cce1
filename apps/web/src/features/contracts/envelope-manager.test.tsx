import type { EntityCode, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { EnvelopeManager } from './envelope-manager';

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

const status = (nodeCode: string, nodeName: string) => ({
  tokenId: 1,
  nodeId: 2,
  nodeName,
  nodeCode,
  updatedAt: '2026-01-01T00:00:00Z',
});
const summaries = [
  { id: 11, name: 'Enveloppe A', createdAt: '2026-01-02T09:00:00Z', statusWF: status('env_draft', 'Brouillon') },
  { id: 12, name: 'Enveloppe B', createdAt: '2026-01-03T09:00:00Z', statusWF: status('env_pending_validation', 'En validation') },
];
const record = (id: number) => ({
  ...summaries.find((envelope) => envelope.id === id),
  version: 1,
  contractId: 5,
  contractNumber: 'CT-5',
  validators:
    id === 12
      ? [
          {
            id: 1,
            user: { id: 9, name: 'Claire Chef', roleName: 'Chef de projet' },
            isValidated: true,
            decision: 'validated',
            validationDate: '2026-01-04T10:00:00Z',
            comment: 'Bon pour moi',
          },
          {
            id: 2,
            user: { id: 7, name: 'Claude Comptable', roleName: 'Comptable' },
            isValidated: false,
            decision: null,
            validationDate: null,
            comment: null,
          },
        ]
      : [],
});

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/contract/5/envelopes') {
      return reply(200, summaries);
    }
    const match = /^\/api\/envelope\/(\d+)$/.exec(url);
    if (match) {
      return reply(200, record(Number(match[1])));
    }
    if (url === '/api/role/envelope-validator') {
      return reply(200, [
        { id: 3, name: 'Chef de projet', users: [{ id: 9, name: 'Claire Chef' }] },
        { id: 4, name: 'Comptable', users: [{ id: 7, name: 'Claude Comptable' }] },
      ]);
    }
    if (url === '/api/envelope/validation/') {
      return reply(200, { success: true, record: record(11) });
    }
    if (url === '/api/contracttemplate') {
      return reply(200, [
        {
          id: 2,
          templateName: 'Contrat cadre',
          filename: 'cadre.pdf',
          size: 10,
          createdAt: '2026-01-02T09:00:00Z',
          documentTypeId: 1,
          documentTypeName: 'Contrat',
        },
      ]);
    }
    if (url.startsWith('/api/documents?')) {
      return reply(200, [
        {
          id: 31,
          version: 1,
          filename: 'contrat.pdf',
          comment: null,
          size: 2048,
          createdAt: '2026-01-02T09:00:00Z',
          typeId: 1,
          typeName: 'Contrat',
          statusWF: 'Signé',
        },
      ]);
    }
    if (url === '/api/wftoken/envelope/11') {
      // no token: the panel says so in place
      return reply(404, { error: 'introuvable' });
    }
    if (url.startsWith('/api/node/') || url.startsWith('/api/wftoken/')) {
      return reply(200, []);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show(path = '/sst/contract/5') {
  return renderRoutes([{ path: '/sst/contract/:id', element: <EnvelopeManager contractId={5} /> }], path);
}

describe('EnvelopeManager', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the envelope documents to a reader of envelopes without the document right, with the step they follow', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({ read: ['contract', 'envelope'] });
    show();
    expect(await screen.findByText('contrat.pdf')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/documents?entity=envelope&id=11');
    expect(screen.queryByText('no read access to this entity')).toBeNull();
    // the step is the envelope's: shown, not a workflow of the document's own
    expect(screen.getByText('Signé').closest('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Workflow de contrat.pdf' })).toBeNull();
    // no button for this reader: no empty row of buttons (a gap above the documents)
    const emptyRows = [...document.querySelectorAll('.ant-space-horizontal')].filter((row) => row.childElementCount === 0);
    expect(emptyRows).toHaveLength(0);
  });

  it("says 'access not granted' without the read right on envelopes, and asks nothing", () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({ read: ['contract'] });
    show();
    expect(screen.getByText('access not granted')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the envelopes with their step, selects the first, and keeps the chosen one in envelopeId', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({ read: ['contract', 'envelope', 'document'], update: ['envelope'] }, ['envelopes.can_send_for_signature']);
    const router = show();
    expect(await screen.findByText('Enveloppe B')).toBeTruthy();
    expect(screen.getByText('En validation')).toBeTruthy();
    // the first is shown by default: a draft, so it may be sent to validation
    expect(((await screen.findByLabelText('Nom')) as HTMLInputElement).value).toBe('Enveloppe A');
    expect(screen.getByText('Envoyer en validation')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/envelope/11', expect.anything());

    fireEvent.click(screen.getByText('Enveloppe B'));
    await waitFor(() => expect(router.state.location.search).toBe('?envelopeId=12'));
    expect(await screen.findByText('Claire Chef')).toBeTruthy();
    expect(screen.queryByText('Envoyer en validation')).toBeNull();
  });

  it('sends to validation only with two roles and a user for each, then asks its workflow step again', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({ read: ['contract', 'envelope'], update: ['envelope'] }, ['envelopes.can_send_for_signature']);
    show();
    const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/wftoken/envelope/11').length;
    await waitFor(() => expect(tokenCalls()).toBe(1));
    fireEvent.click(await screen.findByText('Envoyer en validation'));
    const sendButton = () => screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(await screen.findByText('at least 2 roles required')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    fireEvent.mouseDown(await screen.findByLabelText('Rôles valideurs'));
    fireEvent.click(await screen.findByTitle('Chef de projet'));
    fireEvent.click(await screen.findByTitle('Comptable'));
    expect(await screen.findByText('each role must select a user')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Chef de projet' }));
    fireEvent.click(await screen.findByTitle('Claire Chef'));
    expect(sendButton().disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Comptable' }));
    fireEvent.click(await screen.findByTitle('Claude Comptable'));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/envelope/validation/', expect.anything()));
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/envelope/validation/') as unknown as [string, RequestInit];
    expect(JSON.parse(String(sent[1].body))).toEqual({ envId: 11, roles: [3, 4], users: [9, 7], comment: null });
    await waitFor(() => expect(tokenCalls()).toBe(2));
  });

  it("shows each validator's decision, date and comment", async () => {
    spyFeedback();
    serve();
    signIn({ read: ['contract', 'envelope'] });
    show('/sst/contract/5?envelopeId=12');
    expect(await screen.findByText('Bon pour moi')).toBeTruthy();
    expect(screen.getByText('Validé')).toBeTruthy();
    expect(screen.getByText('En attente')).toBeTruthy();
  });

  it('takes new documents only in draft: no upload form once the envelope left draft', async () => {
    spyFeedback();
    serve();
    signIn({ read: ['contract', 'envelope', 'document'], update: ['envelope'], create: ['document'] });
    show('/sst/contract/5?envelopeId=12');
    expect(await screen.findByText('Claire Chef')).toBeTruthy();
    expect(screen.queryByText('Ajouter un document')).toBeNull();
    fireEvent.click(screen.getByText('Enveloppe A'));
    expect(await screen.findByText('Ajouter un document')).toBeTruthy();
  });

  it('opens the envelope named in the address', async () => {
    spyFeedback();
    serve();
    signIn({ read: ['contract', 'envelope'] });
    show('/sst/contract/5?envelopeId=12');
    expect(await screen.findByText('Claire Chef')).toBeTruthy();
    // without the update right the name is text, not a field
    expect(screen.queryByLabelText('Nom')).toBeNull();
  });

  it('downloads the chosen contract template filled with the envelope’s contract, with the template read right only', async () => {
    spyFeedback();
    serve();
    signIn({ read: ['contract', 'envelope', 'document'] });
    show();
    expect(((await screen.findByText('Enveloppe A')) as HTMLElement).textContent).toBe('Enveloppe A');
    await screen.findByText('CT-5');
    expect(screen.queryByRole('button', { name: /Modèle de contrat/ })).toBeNull();
    cleanup();

    signIn({ read: ['contract', 'envelope', 'document', 'contract_template'] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Modèle de contrat/ }));
    const dialog = await screen.findByRole('dialog');
    const download = screen.getByRole('button', { name: 'Télécharger' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.textContent).toContain('Numéro de contrat, Type de document, Agence, Entreprise');
    fireEvent.mouseDown(screen.getByLabelText(/Modèle/, { selector: 'input' }));
    fireEvent.click(await screen.findByTitle('Contrat cadre (Contrat)'));
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    let action = '';
    submit.mockImplementation(function (this: HTMLFormElement) {
      action = this.action;
    });
    await waitFor(() => expect((download as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(download);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(action).toMatch(/\/api\/contract\/5\/contracttemplate\/2$/);
    submit.mockRestore();
  });
});
