import type { EntityCode, PrestationRecord, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { BpuTemplateDetailPage } from './bpu-template-detail-page';

const prestation: PrestationRecord = {
  id: 40,
  version: 2,
  bpu: 4,
  bpuTemplateName: 'BPU FTTH 2025',
  reference: 1,
  referenceName: 'Soudure',
  category: 10,
  subcategory: null,
  categoryParentName: null,
  categoryName: 'Divers',
  code: 'DV-001',
  description: 'Nacelle avec opérateur',
  unit: 3,
  unitName: 'Jour',
  type: 7,
  typeName: 'Location',
};

const choices: Record<string, unknown> = {
  '/api/bputemplate/4': { id: 4, version: 1, name: 'BPU FTTH 2025' },
  '/api/bputemplate/4/prestations': [prestation],
  '/api/bputemplates/units': [{ id: 3, name: 'Jour' }],
  '/api/bputemplates/prestationreferences': [{ id: 1, name: 'Soudure' }],
  '/api/bputemplates/prestationtypes': [{ id: 7, name: 'Location' }],
  '/api/category/allParentCategories': [{ id: 10, name: 'Divers' }],
  '/api/category/10/subcategories/list': [],
};

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } } },
  });
}

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST' || init?.method === 'PUT') {
      return reply(200, { success: true, id: 41 });
    }
    return reply(200, choices[url] ?? []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof serve>, method: string) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === method);
}

const templateEditor = {
  read: ['bpu_template', 'prestation'] as EntityCode[],
  create: ['prestation'] as EntityCode[],
  update: ['bpu_template', 'prestation'] as EntityCode[],
};

async function openTemplate() {
  renderRoutes([{ path: '/sst/bputemplate/:id', element: <BpuTemplateDetailPage /> }], '/sst/bputemplate/4');
  await screen.findByText('Nacelle avec opérateur', {}, { timeout: 10_000 });
}

describe('BpuTemplateDetailPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('blocks a new prestation with an empty field by an alert naming the empty fields, and sends nothing', async () => {
    const feedback = spyFeedback();
    signIn(templateEditor);
    const fetchMock = serve();
    await openTemplate();
    const newCode = screen.getAllByLabelText('Code article', { selector: 'input' }).at(-1) as HTMLInputElement;
    fireEvent.change(newCode, { target: { value: 'DV-002' } });
    fireEvent.click(screen.getByText('Ajouter'));
    await waitFor(() => expect(feedback.alert).toHaveBeenCalled());
    const [{ title, content }] = feedback.alert.mock.calls[0] as [{ title: string; content: string }];
    expect(title).toBe('Des champs sont vides');
    expect(content).toContain('Référence');
    expect(content).toContain('Désignation');
    expect(content).not.toContain('Code article');
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });

  it('edits a row in place and saves it with its version; a category without subcategories needs none', async () => {
    const feedback = spyFeedback();
    signIn(templateEditor);
    const fetchMock = serve();
    await openTemplate();
    fireEvent.click(screen.getByLabelText('Modifier la prestation DV-001'));
    const description = screen.getAllByLabelText('Désignation', { selector: 'input' })[0] as HTMLInputElement;
    expect(description.value).toBe('Nacelle avec opérateur');
    fireEvent.change(description, { target: { value: 'Nacelle 20 m avec opérateur' } });
    fireEvent.click(screen.getByLabelText('Enregistrer la prestation DV-001'));
    await waitFor(() => expect(sent(fetchMock, 'PUT')).toHaveLength(1));
    const [url, init] = sent(fetchMock, 'PUT')[0] as [string, RequestInit];
    expect(url).toBe('/api/prestation/40');
    expect(JSON.parse(String(init.body))).toEqual({
      reference: 1,
      category: 10,
      subcategory: null,
      code: 'DV-001',
      description: 'Nacelle 20 m avec opérateur',
      unit: 3,
      type: 7,
      version: 2,
    });
    expect(feedback.alert).not.toHaveBeenCalled();
  });

  it('shows no row editor to a reader', async () => {
    spyFeedback();
    signIn({ read: ['bpu_template', 'prestation'] });
    serve();
    await openTemplate();
    expect(screen.queryByText('Ajouter')).toBeNull();
    expect(screen.queryByLabelText('Modifier la prestation DV-001')).toBeNull();
    expect(screen.queryByRole('button', { name: /Importer un CSV/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Exporter en CSV/ })).toBeTruthy();
  });
});
