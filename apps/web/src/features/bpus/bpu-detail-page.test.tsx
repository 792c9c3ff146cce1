import type { BpuPrestationLine, EntityCode, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { BpuDetailPage } from './bpu-detail-page';
import type { BpuRecord } from './bpus.api';

const bpu: BpuRecord = {
  id: 5,
  version: 3,
  name: 'BPU Aquitaine',
  market: null,
  bpuTemplate: 2,
  bpuTemplateName: 'BPU FTTH 2025',
  locked: false,
};

function line(id: number, code: string, cost: string, priceId: number | null): BpuPrestationLine {
  return {
    id,
    code,
    description: `Désignation ${code}`,
    referenceName: 'Soudure',
    categoryParentName: 'Transport optique',
    categoryName: 'Soudure',
    unit: 'Unité',
    unitName: 'Unité',
    typeName: "Main d'œuvre",
    locked: false,
    prestationSST: { id: priceId, cost, bpuSST: 5, prestation: id },
  };
}

const lines = [line(1, 'SO-001', '6.50', 11), line(2, 'SO-002', '0', null), line(3, 'SO-003', '0.00', 13)];

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } } },
  });
}

function serve(record: BpuRecord = bpu) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      return reply(200, { success: true, id: 5, record: { ...record, version: record.version + 1 } });
    }
    if (url.startsWith('/api/bpu/5/prestations')) {
      return reply(200, lines);
    }
    return reply(200, record);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openPrestations() {
  renderRoutes([{ path: '/sst/bpu/:id', element: <BpuDetailPage /> }], '/sst/bpu/5');
  await screen.findByRole('heading', { name: /BPU : BPU Aquitaine/ }, { timeout: 10_000 });
  fireEvent.click(screen.getByRole('tab', { name: 'Prestations' }));
  await screen.findByText('SO-001');
}

const editor = { read: ['bpu_sst', 'bpu_template', 'prestation'] as EntityCode[], update: ['bpu_sst'] as EntityCode[] };

describe('BpuDetailPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('hides the lines without a price in read mode and shows them all with a price field in edit mode', async () => {
    spyFeedback();
    signIn(editor);
    serve();
    await openPrestations();
    expect(screen.queryByText('SO-002')).toBeNull();
    expect(screen.queryByText('SO-003')).toBeNull();
    expect(screen.getByRole('button', { name: /Importer un CSV/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    expect(await screen.findByLabelText('Prix de SO-002')).toBeTruthy();
    expect((screen.getByLabelText('Prix de SO-001') as HTMLInputElement).value).toBe('6.50');
    expect(screen.getByLabelText('Prix de SO-003')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Importer un CSV/ })).toBeNull();
  });

  it('saves the name with the priced lines and the saved ones, never an unpriced line left at zero', async () => {
    spyFeedback();
    signIn(editor);
    const fetchMock = serve();
    await openPrestations();
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(await screen.findByLabelText('Prix de SO-001'), { target: { value: '7,25' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT') as [string, RequestInit];
    expect(url).toBe('/api/bpu/5');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'BPU Aquitaine',
      version: 3,
      prestationSSTs: [
        { id: 11, prestation: 1, cost: '7.25' },
        { id: 13, prestation: 3, cost: '0.00' },
      ],
    });
  });

  it('refuses to save a price that is not a number, without calling the server', async () => {
    const feedback = spyFeedback();
    signIn(editor);
    const fetchMock = serve();
    await openPrestations();
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(await screen.findByLabelText('Prix de SO-002'), { target: { value: '12,345' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('asks before changing tab in edit mode', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValue(false);
    signIn(editor);
    serve();
    renderRoutes([{ path: '/sst/bpu/:id', element: <BpuDetailPage /> }], '/sst/bpu/5');
    await screen.findByRole('heading', { name: /BPU : BPU Aquitaine/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'Prestations' }));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({
        content: "Le changement d'onglet en mode édition peut provoquer une perte de donnée.",
      }),
    );
    expect(screen.getByRole('tab', { name: 'Informations' }).getAttribute('aria-selected')).toBe('true');
  });

  it('hides edit, delete and import on a locked BPU, even with every right', async () => {
    spyFeedback();
    signIn({ ...editor, delete: ['bpu_sst'] });
    serve({ ...bpu, locked: true });
    await openPrestations();
    const header = screen.getByRole('heading', { name: /BPU : BPU Aquitaine/ });
    expect(within(header).getByText('Verrouillé')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Importer un CSV/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Exporter en CSV/ })).toBeTruthy();
  });
});
