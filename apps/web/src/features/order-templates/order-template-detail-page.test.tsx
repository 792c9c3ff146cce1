import type { EntityCode, OrderTemplateTree, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { OrderTemplateDetailPage } from './order-template-detail-page';
import type { OrderTemplateRecord } from './order-templates.api';

function prestation(id: number, code: string, selected = false) {
  return { id, code, description: `Désignation ${code}`, unitName: 'Unité', typeName: "Main d'œuvre", selected };
}

const tree: OrderTemplateTree = [
  {
    parentCategory: { id: 1, name: 'Distribution' },
    categories: [
      { category: { id: 2, name: 'PBO' }, prestations: [prestation(10, 'DI-001', true), prestation(11, 'DI-002')] },
      { category: { id: 3, name: 'Raccordement' }, prestations: [prestation(12, 'RA-001'), prestation(13, 'RA-002')] },
    ],
  },
  { parentCategory: { id: 4, name: 'Divers' }, categories: [{ category: null, prestations: [prestation(14, 'DV-001')] }] },
];

const record: OrderTemplateRecord = {
  id: 6,
  version: 4,
  name: 'Raccordement client standard',
  bpuTemplate: 2,
  bpuTemplateName: 'BPU FTTH 2025',
  prestations: [10],
  tree,
};

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } } },
  });
}

function serve() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? reply(200, { success: true, id: 6 }) : reply(200, record),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function checkbox(name: string): HTMLInputElement {
  return screen.getByRole('checkbox', { name }) as HTMLInputElement;
}

async function openPrestations() {
  renderRoutes([{ path: '/os/template/:id', element: <OrderTemplateDetailPage /> }], '/os/template/6');
  await screen.findByRole('heading', { name: /Modèle de commande : Raccordement client standard/ }, { timeout: 10_000 });
  fireEvent.click(screen.getByRole('tab', { name: 'Prestations' }));
  fireEvent.click(await screen.findByRole('button', { name: /Tout déplier/ }));
  await screen.findByText('Désignation RA-002');
}

describe('OrderTemplateDetailPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('groups the prestations by parent category then subcategory, with the saved selection, read-only outside edit mode', async () => {
    spyFeedback();
    signIn({ read: ['os_template', 'bpu_template'], update: ['os_template'] });
    serve();
    await openPrestations();
    expect(screen.getByText('Distribution')).toBeTruthy();
    expect(screen.getByText('PBO')).toBeTruthy();
    expect(screen.getByText('1 / 4')).toBeTruthy();
    expect(checkbox('DI-001').checked).toBe(true);
    expect(checkbox('DI-002').checked).toBe(false);
    expect(checkbox('DI-002').disabled).toBe(true);
    expect(checkbox('Distribution').disabled).toBe(true);
  });

  it('selects a whole group at once in edit mode and saves the selection with the record', async () => {
    spyFeedback();
    signIn({ read: ['os_template', 'bpu_template'], update: ['os_template'] });
    const fetchMock = serve();
    await openPrestations();
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    await waitFor(() => expect(checkbox('Raccordement').disabled).toBe(false));
    fireEvent.click(checkbox('Raccordement'));
    fireEvent.click(checkbox('DV-001'));
    expect(checkbox('RA-001').checked).toBe(true);
    expect(checkbox('RA-002').checked).toBe(true);
    expect(screen.getByText('4 prestations sélectionnées sur 5.', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT') as [string, RequestInit];
    expect(url).toBe('/api/orderTemplate/6');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Raccordement client standard',
      prestations: [10, 12, 13, 14],
      version: 4,
    });
  });
});
