import { ATTACHMENT_ORDER_REQUIRED_MESSAGE, ATTACHMENT_REPEAT_CONFIRM } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AttachmentCreateModal } from './attachment-create-modal';

const DAY = 24 * 60 * 60 * 1000;

function serve(lastAttachmentDaysAgo: number | null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && url === '/api/attachement') {
      return reply(200, { success: true, id: 42, reference: 'AQF-M2025-2026-00001-A003' });
    }
    if (url.startsWith('/api/orders')) {
      return reply(200, {
        content: [{ id: 1, reference: 'AQF-M2025-2026-00001', name: 'Raccordement lotissement', marketEdifice: 'AQF-M2025' }],
        totalElements: 1,
      });
    }
    if (url === '/api/order/1') {
      const lastAttachment =
        lastAttachmentDaysAgo === null ? null : { createdAt: new Date(Date.now() - lastAttachmentDaysAgo * DAY).toISOString() };
      return reply(200, { id: 1, lastAttachment });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function showModal(orderId?: number) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, rights: { ...profile.role.rights, read: ['attachement', 'order'], create: ['attachement'] } },
    },
  });
  return renderRoutes(
    [
      { path: '/sst/attachements', element: <AttachmentCreateModal open orderId={orderId} onClose={() => undefined} /> },
      { path: '/sst/attachement/:id', element: <p>Attachement ouvert</p> },
    ],
    '/sst/attachements',
  );
}

async function pickOrder() {
  fireEvent.click(screen.getByRole('button', { name: 'Choisir' }));
  await screen.findByText('Sélectionner : Commande');
  const dialogs = screen.getAllByRole('dialog');
  fireEvent.click(await within(dialogs[dialogs.length - 1] as HTMLElement).findByText('AQF-M2025-2026-00001'));
  await waitFor(() =>
    expect((screen.getByLabelText('Commande') as HTMLInputElement).value).toBe('AQF-M2025-2026-00001 — Raccordement lotissement'),
  );
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && url === '/api/attachement')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('the attachment creation modal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('requires the order and sends nothing without it', async () => {
    spyFeedback();
    const fetchMock = serve(null);
    showModal();
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText(ATTACHMENT_ORDER_REQUIRED_MESSAGE)).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  }, 30_000);

  it('offers only validated orders, creates the attachment with observation and DGD, then opens it', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve(45);
    const router = showModal();
    await pickOrder();
    const orderQuery = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/orders'));
    expect(JSON.parse(new URL(orderQuery ?? '', 'http://localhost').searchParams.get('filters') ?? '{}')).toEqual({
      nodeCode: 'os_validated',
    });
    fireEvent.change(screen.getByLabelText('Observation'), { target: { value: 'Tranche 3' } });
    fireEvent.click(screen.getByLabelText('DGD (décompte général définitif)'));
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sst/attachement/42'));
    expect(posts(fetchMock)).toEqual([{ order: 1, observation: 'Tranche 3', isDGD: true }]);
    // the last attachment is 45 days old: no question
    expect(feedback.confirm).not.toHaveBeenCalled();
  }, 30_000);

  it('asks before attaching an order attached 30 days ago or less, and creates nothing when cancelled', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValueOnce(false);
    const fetchMock = serve(12);
    const router = showModal();
    await pickOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(feedback.confirm).toHaveBeenCalledWith({ content: ATTACHMENT_REPEAT_CONFIRM }));
    expect(posts(fetchMock)).toEqual([]);
    expect(router.state.location.pathname).toBe('/sst/attachements');

    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sst/attachement/42'));
    expect(feedback.confirm).toHaveBeenCalledTimes(2);
    expect(posts(fetchMock)).toEqual([{ order: 1, observation: null, isDGD: false }]);
  }, 30_000);

  it('attaches the given order without a picker (the order screen)', async () => {
    spyFeedback();
    const fetchMock = serve(null);
    const router = showModal(1);
    expect(screen.queryByLabelText('Commande')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sst/attachement/42'));
    expect(posts(fetchMock)).toEqual([{ order: 1, observation: null, isDGD: false }]);
  }, 30_000);
});
